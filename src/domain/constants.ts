/** Product-wide constants (spec §1, §9). Timings are milliseconds unless the name says otherwise. */

export const PRODUCT_NAME = "Closer"
export const LANDING_TITLE = `${PRODUCT_NAME} - Plataforma de Close Friends`

/** Pix page: reload the subscription this often until the payment is paid. */
export const PIX_POLL_INTERVAL_MS = 5_000
/** Payment status page: refresh this often ("Atualizando em N"). */
export const STATUS_REFRESH_INTERVAL_MS = 5_000
/** Default debounce of text inputs. */
export const INPUT_DEBOUNCE_MS = 0

/** Stories: a press shorter than this is a tap. */
export const TAP_MAX_DURATION_MS = 120
/** Stories: share of the screen width on each side where a tap goes back or forward. */
export const STORY_EDGE_ZONE = 0.2
/** Stories: how long an image story stays on screen. */
export const STORY_IMAGE_DURATION_MS = 5_000
/** Stories: a press held this long pauses the story (released before the tap limit, it still taps). */
export const PRESS_GESTURE_MS = 10
/** Media feed: the heart shown after a double tap. */
export const HEART_ANIMATION_MS = 800

/** Receipt upload: warn when the file picker returned nothing this long after focus. */
export const FILE_PICKER_WARNING_MS = 500
/** Checkout switches to two columns from this viewport width. */
export const WIDE_LAYOUT_MIN_WIDTH_PX = 800
export const HEADER_HEIGHT_PX = 100
export const MEDIA_GRID_COLUMNS = 3
/** Photos are shown at 4:5 (width / height). */
export const PHOTO_ASPECT_RATIO = 4 / 5

/** A payment created this long ago or more counts as expired. */
export const PAYMENT_EXPIRY_MS = 24 * 60 * 60 * 1000
/** A Pix copy-and-paste code stops being payable this long after the payment is created. */
export const PIX_CODE_TTL_MS = 30 * 60 * 1000

/**
 * Options for the `qrcode` renderer (spec §9). The renderer ignores a width too small for the
 * symbol, as 10 px always is, so the picture is drawn at scale 4 and sized by CSS.
 */
export const QR_CODE_OPTIONS = {
  errorCorrectionLevel: "M",
  margin: 4,
  scale: 4,
  width: 10,
} as const

/** The service is not for people under this age. */
export const MINIMUM_AGE = 18
/** Personal data is deleted this many months after an account is closed. */
export const PERSONAL_DATA_RETENTION_MONTHS = 6
