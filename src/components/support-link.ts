/**
 * A WhatsApp chat link with a prefilled message. `phone` is the number with country code;
 * anything but digits is dropped, since wa.me accepts digits only.
 */
export function supportChatUrl(phone: string, message: string): string {
  const digits = phone.replace(/\D/g, "")
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`
}
