/**
 * The studio's banner preview spans its card (the phone less its 16 px margins, or the 736 px
 * column), and its stories are thirds of it: the `sizes` of their `<picture>` and of the
 * early-start script's preload (src/app/early-start), which must agree. Apart from images.ts,
 * whose module the public pages load.
 */
export const studioBannerSizes = "(min-width: 768px) 736px, calc(100vw - 2rem)"
export const studioStorySizes = "(min-width: 768px) 240px, 33vw"

/**
 * Conteúdo's stories sit three to a row. The first row is the largest picture the page opens
 * with, and which of its tiles counts as largest depends on how the phone rounds the thirds.
 */
export const studioStoriesPerRow = 3
