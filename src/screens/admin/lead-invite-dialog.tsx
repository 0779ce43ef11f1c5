import { zodResolver } from "@hookform/resolvers/zod"
import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { useServerFieldErrors } from "../../components/ui/server-field-errors.ts"
import {
  leadInviteFormSchema,
  type AdminLead,
  type LeadInviteFormInput,
} from "../../domain/admin.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { FieldError } from "../studio/studio-profile-screen.tsx"
import type { AdminLeadsScreenProps } from "./admin-leads-screen.tsx"

export type LeadInviteDialogProps = {
  /** The lead being invited; null keeps the dialog closed. */
  lead: AdminLead | null
  onInvite: AdminLeadsScreenProps["onInvite"]
  onClose: () => void
}

/** Turns a lead into a creator's account: her username and name, then the e-mail with the link. */
export function LeadInviteDialog({ lead, onInvite, onClose }: LeadInviteDialogProps) {
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Convidar como criadora"
        description="Criamos a conta e enviamos um e-mail com o link para ela escolher a senha."
      >
        {lead ? <InviteForm lead={lead} onInvite={onInvite} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function InviteForm({
  lead,
  onInvite,
  onDone,
}: {
  lead: AdminLead
  onInvite: AdminLeadsScreenProps["onInvite"]
  onDone: () => void
}) {
  const { showAlert } = useAlert()
  const serverErrors = useServerFieldErrors(zodResolver(leadInviteFormSchema))
  const form = useForm<LeadInviteFormInput>({
    resolver: serverErrors.resolver,
    mode: "all",
    defaultValues: { username: lead.instagram.replace(/^@/, ""), fullName: lead.instagram },
  })
  const { control, handleSubmit, formState } = form
  const submit = handleSubmit(async (values) => {
    try {
      await onInvite(lead.id, {
        username: values.username.trim().toLowerCase(),
        fullName: values.fullName.trim(),
      })
      showAlert({ type: "success", message: `Convite enviado para ${lead.email}` })
      onDone()
    } catch (error) {
      if ((error as FieldError).field === "username")
        serverErrors.show(form, "username", errorMessage(error))
      else showAlert({ message: errorMessage(error) })
    }
  })
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm">
        E-mail do convite: <strong className="break-all">{lead.email}</strong>
      </p>
      <FormTextField
        control={control}
        name="username"
        label="Nome de usuário"
        autoCapitalize="none"
      />
      <FormTextField control={control} name="fullName" label="Nome da criadora" />
      <Button type="submit" loading={formState.isSubmitting}>
        Enviar convite
      </Button>
    </form>
  )
}
