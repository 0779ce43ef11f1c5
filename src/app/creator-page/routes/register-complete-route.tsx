import { RegisterCompleteScreen } from "../../../screens/auth/register-complete-screen.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"

export default function RegisterCompleteRoute() {
  const { username } = useCreator()
  useTrackVisit("register_complete", username)
  return <RegisterCompleteScreen username={username} paymentHref={creatorPaths(username).payment} />
}
