import { useSearchParams } from "react-router"
import { UnsubscribeScreen } from "../../screens/notifications/unsubscribe-screen.tsx"
import { useDocumentTitle } from "../use-document-title.ts"
import { useUnsubscribe } from "./use-unsubscribe.ts"

/** /descadastrar?token: the digest's unsubscribe link, without signing in. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams()
  useDocumentTitle("Descadastrar e-mails")
  return (
    <UnsubscribeScreen
      view={useUnsubscribe(params.get("token"))}
      profileHref={(username) => `/${username}`}
      homeHref="/"
    />
  )
}
