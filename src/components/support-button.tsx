import type { ComponentProps } from "react"
import type { VariantProps } from "class-variance-authority"
import { supportChatUrl } from "./support-link.ts"
import { buttonVariants } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"
import { ChatIcon } from "./ui/icons.tsx"

export type SupportButtonProps = Omit<ComponentProps<"a">, "href" | "target" | "rel"> &
  VariantProps<typeof buttonVariants> & {
    /** Digits with country code, e.g. "5511999999999". */
    phone: string
    /** Prefilled chat text. */
    message: string
  }

/** Opens the support chat in a new tab; a link, because it leaves the app. */
export function SupportButton({
  phone,
  message,
  variant = "secondary",
  block,
  className,
  children = "Suporte",
  ...props
}: SupportButtonProps) {
  return (
    <a
      data-slot="support-button"
      href={supportChatUrl(phone, message)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonVariants({ variant, block }), className)}
      {...props}
    >
      <ChatIcon />
      {children}
    </a>
  )
}
