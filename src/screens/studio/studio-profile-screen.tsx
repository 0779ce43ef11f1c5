import { Controller, useForm } from "react-hook-form"
import { Avatar } from "../../components/avatar.tsx"
import { Picture } from "../../components/picture.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { UploadProgress } from "../../components/upload-progress.tsx"
import { errorMessage } from "../../domain/errors.ts"
import { studioBannerSizes } from "../../domain/studio-images.ts"
import type { Profile } from "../../domain/models.ts"
import type { StudioProfileInput, StudioProfileOutput } from "../../domain/studio.ts"
import type { UploadControl } from "../../domain/uploads.ts"
import { BIO_MAX_LENGTH } from "../../domain/field-messages.ts"
import { FileButton, TextAreaField } from "./studio-fields.tsx"
import { useUpload } from "./studio-upload.ts"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { useServerFieldErrors } from "../../components/ui/server-field-errors.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"

export type StudioProfile = StudioProfileInput &
  Pick<Profile, "profilePic" | "profilePicImage" | "bannerPic" | "bannerPicImage">

// The form's schema, and zod with it, loads at the first focus or touch: the page draws without.
const profileResolver = lazyZodResolver<StudioProfileInput, StudioProfileOutput>(() =>
  import("../../domain/studio.ts").then((studio) => studio.studioProfileFormSchema),
)

export type StudioProfileView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; profile: StudioProfile }

export type ImageKind = "avatar" | "banner"

/** What a failed save carries: the server's message and, for a field error, the field. */
export type FieldError = { message?: string; field?: string }

export type StudioProfileScreenProps = {
  view: StudioProfileView
  onRetry: () => void
  /** Rejects with the API error; one naming a field shows under it. */
  onSave: (values: StudioProfileOutput) => Promise<void>
  /** Sends the image, reporting its progress to `control` and stopping when its signal aborts. */
  onUploadImage: (kind: ImageKind, file: File, control: UploadControl) => Promise<void>
}

export const PROFILE_SAVED = "Perfil atualizado"

export function StudioProfileScreen({
  view,
  onRetry,
  onSave,
  onUploadImage,
}: StudioProfileScreenProps) {
  if (view.status === "loading") {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Carregando</span>
        <Skeleton className="h-40" />
        <Skeleton className="h-72" />
      </div>
    )
  }
  if (view.status === "error") return <ErrorState message={view.message} onRetry={onRetry} />
  return <ProfileForm profile={view.profile} onSave={onSave} onUploadImage={onUploadImage} />
}

function ProfileForm({
  profile,
  onSave,
  onUploadImage,
}: {
  profile: StudioProfile
  onSave: StudioProfileScreenProps["onSave"]
  onUploadImage: StudioProfileScreenProps["onUploadImage"]
}) {
  const { showAlert } = useAlert()
  const upload = useUpload("image")
  const serverErrors = useServerFieldErrors(useLazyZodResolver(profileResolver))
  const form = useForm<StudioProfileInput, unknown, StudioProfileOutput>({
    resolver: serverErrors.resolver,
    mode: "all",
    defaultValues: { fullName: profile.fullName, username: profile.username, bio: profile.bio },
  })
  const { control, handleSubmit, formState } = form

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values)
      showAlert({ type: "success", message: PROFILE_SAVED })
    } catch (error) {
      const field = (error as FieldError).field
      if (field === "username" || field === "fullName" || field === "bio") {
        serverErrors.show(form, field, errorMessage(error), { shouldFocus: true })
      } else showAlert({ message: errorMessage(error) })
    }
  })

  const uploadImage = (kind: ImageKind, file: File) =>
    void upload.run(
      file,
      (control) => onUploadImage(kind, file, control),
      kind === "avatar" ? "Foto atualizada" : "Capa atualizada",
    )

  return (
    <>
      <Card padding="none" className="overflow-hidden" role="region" aria-labelledby="images-title">
        <div className="relative h-28 bg-line md:h-40">
          {profile.bannerPic ? (
            <Picture
              image={profile.bannerPicImage}
              src={profile.bannerPic}
              sizes={studioBannerSizes}
              width={1200}
              height={400}
              alt="Capa atual"
              className="size-full object-cover"
            />
          ) : null}
        </div>
        <div className="flex flex-col gap-3 p-4">
          <CardTitle id="images-title">Foto e capa</CardTitle>
          <div className="flex items-center gap-3">
            <Avatar
              src={profile.profilePic}
              image={profile.profilePicImage}
              name={profile.fullName}
              size="lg"
              alt="Foto atual"
            />
            <div className="flex flex-wrap gap-2">
              <FileButton
                label="Trocar foto"
                accept="image/jpeg,image/png,image/webp"
                variant="secondary"
                disabled={upload.busy}
                onPick={(file) => uploadImage("avatar", file)}
              />
              <FileButton
                label="Trocar capa"
                accept="image/jpeg,image/png,image/webp"
                variant="secondary"
                disabled={upload.busy}
                onPick={(file) => uploadImage("banner", file)}
              />
            </div>
          </div>
          <p className="text-sm text-muted">JPEG, PNG ou WebP de até 10 MB.</p>
          <UploadProgress {...upload.progress} />
        </div>
      </Card>

      <Card role="region" aria-labelledby="data-title">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <CardTitle id="data-title">Seus dados</CardTitle>
          <FormTextField
            control={control}
            name="fullName"
            label="Nome completo"
            autoComplete="name"
          />
          <FormTextField
            control={control}
            name="username"
            label="Nome de usuário"
            hint="Sua página fica em /seu-usuario: de 3 a 50 letras, números, ponto, hífen ou sublinhado."
            autoCapitalize="none"
          />
          <Controller
            control={control}
            name="bio"
            render={({ field, fieldState }) => (
              <TextAreaField
                label="Bio"
                maxLength={BIO_MAX_LENGTH}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Button type="submit" block loading={formState.isSubmitting}>
            Salvar perfil
          </Button>
        </form>
      </Card>
    </>
  )
}
