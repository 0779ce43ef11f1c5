/**
 * The bot-check token sensitive calls carry. With VITE_RECAPTCHA_SITE_KEY set it comes from
 * reCAPTCHA v3; without it the server runs its accept-all check and any token will do.
 */
const siteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY
const ACTION = "importantAction"

type Grecaptcha = {
  ready(callback: () => void): void
  execute(key: string, options: { action: string }): Promise<string>
}

let loading: Promise<Grecaptcha> | null = null

function loadRecaptcha(key: string): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script")
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`
    script.async = true
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha))
      else reject(new Error("reCAPTCHA indisponível"))
    }
    script.onerror = () => {
      loading = null
      reject(new Error("reCAPTCHA indisponível"))
    }
    document.head.append(script)
  })
  return loading
}

export async function botCheckToken(): Promise<string> {
  if (!siteKey) return "sem-verificacao"
  const grecaptcha = await loadRecaptcha(siteKey)
  return grecaptcha.execute(siteKey, { action: ACTION })
}
