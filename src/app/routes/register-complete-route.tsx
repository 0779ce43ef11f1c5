import { RegisterCompleteScreen } from "../../screens/auth/register-complete-screen.tsx"
import { useTrackVisit } from "../analytics.ts"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"

export default function RegisterCompleteRoute() {
  const { username } = useCreator()
  useTrackVisit("register_complete", username)
  return <RegisterCompleteScreen username={username} paymentHref={creatorPaths(username).payment} />
}
