// Written by scripts/tw-merge-config.mjs from tailwind-merge's default config and the classes
// in src: run `node scripts/tw-merge-config.mjs` after using a class the app did not use yet
// (src/components/ui/cn.test.ts says when).
export const twMergeConfig = {
  "classes": {
    "accent": "accent-brand",
    "align-content": "content-start",
    "align-items": "items-baseline items-center items-end items-start",
    "align-self": "self-center self-end self-start",
    "animate": "animate-spin",
    "appearance": "appearance-auto",
    "aspect": "aspect-[3/1] aspect-[4/5] aspect-[5/1] aspect-[9/16] aspect-square",
    "basis": "basis-48",
    "bg-color": "bg-black bg-black/10 bg-black/50 bg-black/60 bg-black/70 bg-black/80 bg-brand bg-brand-soft bg-brand-strong bg-canvas bg-current bg-danger bg-danger-soft bg-gradient-to-b bg-gradient-to-t bg-ink bg-line bg-line-strong bg-story-ring bg-surface bg-surface/80 bg-transparent bg-warning-soft bg-white bg-white/15 bg-white/40",
    "blur": "blur blur-sm",
    "border-color": "border-brand border-current border-danger border-ink border-line border-line-strong border-muted border-surface border-transparent border-warning",
    "border-color-r": "border-r-transparent",
    "border-style": "border-dashed",
    "border-w": "border border-0 border-2",
    "border-w-b": "border-b border-b-2",
    "border-w-t": "border-t",
    "bottom": "bottom-0 bottom-1 bottom-auto",
    "break": "break-all break-words",
    "col-start-end": "col-span-2",
    "cursor": "cursor-not-allowed cursor-pointer cursor-progress",
    "display": "block contents flex grid hidden inline-block inline-flex table",
    "divide-color": "divide-line",
    "divide-y": "divide-y",
    "drop-shadow": "drop-shadow-lg",
    "fill": "fill-brand fill-line-strong",
    "flex": "flex-1 flex-none",
    "flex-direction": "flex-col flex-col-reverse flex-row",
    "flex-wrap": "flex-wrap",
    "font-family": "font-mono",
    "font-size": "text-2xl text-3xl text-base text-lg text-sm text-xl text-xs",
    "font-weight": "font-bold font-normal font-semibold",
    "fvn-spacing": "tabular-nums",
    "gap": "gap-0 gap-0.5 gap-1 gap-1.5 gap-10 gap-12 gap-2 gap-3 gap-4 gap-6 gap-8",
    "gap-x": "gap-x-1 gap-x-4",
    "gap-y": "gap-y-1",
    "gradient-from": "from-black/70",
    "gradient-to": "to-transparent",
    "grayscale": "grayscale",
    "grid-cols": "grid-cols-2 grid-cols-3 grid-cols-4 grid-cols-[16rem_1fr] grid-cols-[1fr_6.5rem] grid-cols-[7rem_1fr]",
    "grow": "grow",
    "h": "h-0.5 h-11 h-12 h-14 h-16 h-2 h-20 h-24 h-25 h-28 h-32 h-36 h-4 h-40 h-48 h-5 h-56 h-6 h-64 h-7 h-72 h-8 h-[640px] h-dvh h-full",
    "inset": "inset-0",
    "inset-x": "inset-x-0 inset-x-1 inset-x-auto",
    "inset-y": "inset-y-0",
    "justify-content": "justify-around justify-between justify-center justify-end",
    "leading": "leading-relaxed leading-tight",
    "left": "left-0 left-1/2",
    "line-clamp": "line-clamp-2",
    "list-style-type": "list-decimal list-disc",
    "max-h": "max-h-96 max-h-[90dvh] max-h-none",
    "max-w": "max-w-2xl max-w-3xl max-w-5xl max-w-[calc(100dvh*9/16)] max-w-lg max-w-md max-w-none max-w-sm max-w-xl max-w-xs",
    "mb": "mb-1 mb-2 mb-3 mb-4 mb-px",
    "min-h": "min-h-0 min-h-11 min-h-12 min-h-24 min-h-5 min-h-6 min-h-60 min-h-8 min-h-dvh",
    "min-w": "min-w-0 min-w-11 min-w-20 min-w-[12rem]",
    "ml": "ml-1 ml-auto",
    "mr": "mr-2.5 mr-3",
    "mt": "mt-0.5 mt-1 mt-11 mt-12 mt-2 mt-3 mt-4 mt-6 mt-8 mt-auto",
    "mx": "mx-0 mx-2 mx-4 mx-auto",
    "my": "my-0.5 my-2 my-2.5",
    "object-fit": "object-contain object-cover",
    "opacity": "opacity-40 opacity-50 opacity-60 opacity-90",
    "outline-color": "outline-current outline-link",
    "outline-offset": "outline-offset-2 outline-offset-[-2px] outline-offset-[-4px]",
    "outline-style": "outline-none",
    "outline-w": "outline-2",
    "overflow": "overflow-auto overflow-hidden",
    "overflow-x": "overflow-x-auto",
    "overflow-y": "overflow-y-auto",
    "p": "p-0 p-0.5 p-1 p-2 p-3 p-4 p-6 p-[3px]",
    "pb": "pb-0 pb-10 pb-24 pb-3 pb-4 pb-6 pb-8 pb-[max(0.75rem,env(safe-area-inset-bottom))] pb-[max(1.5rem,env(safe-area-inset-bottom))] pb-[max(1rem,env(safe-area-inset-bottom))]",
    "pl": "pl-2 pl-4 pl-5 pl-6",
    "pointer-events": "pointer-events-auto pointer-events-none",
    "position": "absolute fixed relative static sticky",
    "pr": "pr-1 pr-12",
    "pt": "pt-0.5 pt-1 pt-10 pt-14 pt-16 pt-2 pt-3 pt-4 pt-48 pt-6 pt-8",
    "px": "px-0 px-1 px-2 px-2.5 px-3 px-4 px-6 px-8",
    "py": "py-0.5 py-1 py-10 py-12 py-2 py-20 py-24 py-3 py-4 py-6 py-8",
    "resize": "resize-none",
    "right": "right-0 right-1 right-1/2",
    "ring-color": "ring-canvas ring-surface",
    "ring-w": "ring ring-4",
    "rotate": "rotate-180",
    "rounded": "rounded-full rounded-none rounded-sm",
    "rounded-t": "rounded-t-2xl",
    "scroll-mt": "scroll-mt-2 scroll-mt-4",
    "select": "select-none",
    "shadow": "shadow shadow-none",
    "shadow-color": "shadow-sheet",
    "shrink": "shrink-0",
    "size": "size-1.5 size-10 size-11 size-12 size-14 size-16 size-20 size-22 size-24 size-3 size-4 size-5 size-56 size-6 size-7 size-8 size-9 size-full",
    "space-y": "space-y-1 space-y-2",
    "sr": "sr-only",
    "text-alignment": "text-center text-left text-right",
    "text-color": "text-brand text-brand-ink text-brand-strong text-danger text-danger-ink text-field text-ink text-link text-muted text-on-brand text-on-danger text-surface text-warning-ink text-white text-white/80",
    "text-decoration": "underline",
    "text-overflow": "truncate",
    "top": "top-0 top-1 top-1/2 top-4",
    "touch": "touch-manipulation touch-none",
    "tracking": "tracking-[0.5em]",
    "transform-origin": "origin-left",
    "transition": "transition-[width] transition-colors transition-transform",
    "translate-x": "translate-x-0 translate-x-1 translate-x-1/2 translate-x-5 translate-x-6",
    "translate-y": "translate-y-0 translate-y-1/2",
    "underline-offset": "underline-offset-4",
    "w": "w-1/2 w-1/3 w-1/5 w-11 w-12 w-18 w-2/3 w-24 w-32 w-40 w-5/6 w-6 w-80 w-[120px] w-[360px] w-[calc(100%-2.5rem)] w-[calc(100%-2rem)] w-auto w-full",
    "whitespace": "whitespace-normal whitespace-nowrap whitespace-pre-line",
    "z": "z-10 z-20 z-40 z-50 z-[60]"
  },
  "conflictingClassGroups": {
    "overflow": [
      "overflow-x",
      "overflow-y"
    ],
    "inset": [
      "inset-x",
      "inset-y",
      "top",
      "right",
      "bottom",
      "left"
    ],
    "inset-x": [
      "right",
      "left"
    ],
    "inset-y": [
      "top",
      "bottom"
    ],
    "flex": [
      "basis",
      "grow",
      "shrink"
    ],
    "gap": [
      "gap-x",
      "gap-y"
    ],
    "p": [
      "px",
      "py",
      "pt",
      "pr",
      "pb",
      "pl"
    ],
    "px": [
      "pr",
      "pl"
    ],
    "py": [
      "pt",
      "pb"
    ],
    "mx": [
      "mr",
      "ml"
    ],
    "my": [
      "mt",
      "mb"
    ],
    "size": [
      "w",
      "h"
    ],
    "font-size": [
      "leading"
    ],
    "line-clamp": [
      "display",
      "overflow"
    ],
    "rounded": [
      "rounded-t"
    ],
    "border-w": [
      "border-w-t",
      "border-w-b"
    ],
    "border-color": [
      "border-color-r"
    ]
  },
  "conflictingClassGroupModifiers": {
    "font-size": [
      "leading"
    ]
  },
  "postfixLookupClassGroups": [],
  "orderSensitiveModifiers": [
    "*",
    "**",
    "after",
    "backdrop",
    "before",
    "details-content",
    "file",
    "first-letter",
    "first-line",
    "marker",
    "placeholder",
    "selection"
  ]
}
