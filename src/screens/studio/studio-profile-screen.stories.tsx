import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { placeholderImage, placeholderImageSet } from "../../testing/fixtures/images.ts"
import { anyUploadControl, stalledUpload } from "../../testing/fixtures/uploads.ts"
import { StudioProfileScreen, type StudioProfileView } from "./studio-profile-screen.tsx"
import { pageOf, studioStack } from "../../testing/story-helpers.tsx"

const profile = {
  fullName: "Ana Demo",
  username: "demo",
  bio: "Bastidores e rotina 💚",
  profilePic: placeholderImage(0, 160, 160, "AD"),
  profilePicImage: placeholderImageSet(0, "avatar", { width: 320, height: 320, label: "AD" }),
  bannerPic: placeholderImage(2, 1200, 400),
  bannerPicImage: placeholderImageSet(2, "banner", { width: 1200, height: 400 }),
}
const ready: StudioProfileView = { status: "ready", profile }

const meta = {
  title: "Telas/Estúdio/Perfil",
  tags: ["criadora", "jornada-estudio"],
  component: StudioProfileScreen,
  args: {
    view: ready,
    onRetry: fn(),
    onSave: fn(async () => {}),
    onUploadImage: fn(async () => {}),
  },
  decorators: [studioStack],
} satisfies Meta<typeof StudioProfileScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Houve um erro inesperado.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Filled: Story = {
  name: "Perfil preenchido",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Nome completo")).toHaveValue("Ana Demo")
    await expect(canvas.getByLabelText("Nome de usuário")).toHaveValue("demo")
    await expect(canvas.getByLabelText("Bio")).toHaveValue("Bastidores e rotina 💚")
    await expect(canvas.getByText(/JPEG, PNG ou WebP de até 10 MB/)).toBeVisible()
    // The current pictures in their renditions.
    await expect(canvas.getByRole("img", { name: "Capa atual" })).toHaveAttribute(
      "srcset",
      profile.bannerPicImage.jpeg,
    )
    await expect(canvas.getByRole("img", { name: "Foto atual" })).toHaveAttribute("sizes", "64px")
    await userEvent.clear(canvas.getByLabelText("Bio"))
    await userEvent.type(canvas.getByLabelText("Bio"), "Nova bio")
    await userEvent.click(canvas.getByRole("button", { name: "Salvar perfil" }))
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        fullName: "Ana Demo",
        username: "demo",
        bio: "Nova bio",
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Perfil atualizado",
    )
  },
}

export const ValidationMessages: Story = {
  name: "Dados inválidos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.clear(canvas.getByLabelText("Nome completo"))
    await userEvent.clear(canvas.getByLabelText("Nome de usuário"))
    await userEvent.type(canvas.getByLabelText("Nome de usuário"), "a b")
    await userEvent.click(canvas.getByRole("button", { name: "Salvar perfil" }))
    await expect(await canvas.findByText("Obrigatório")).toBeVisible()
    await expect(canvas.getByText("Inválido")).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

export const UsernameTaken: Story = {
  name: "Nome de usuário já em uso",
  args: {
    onSave: fn(async () => {
      throw { message: "Este nome de usuário já está em uso", field: "username" }
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.clear(canvas.getByLabelText("Nome de usuário"))
    await userEvent.type(canvas.getByLabelText("Nome de usuário"), "ocupado")
    await userEvent.click(canvas.getByRole("button", { name: "Salvar perfil" }))
    await expect(await canvas.findByText("Este nome de usuário já está em uso")).toBeVisible()
    await expect(canvas.getByLabelText("Nome de usuário")).toHaveAttribute("aria-invalid", "true")
  },
}

export const Saving: Story = {
  name: "Salvando",
  args: { onSave: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Salvar perfil" }))
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: "Salvar perfil" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    )
  },
}

export const UploadingAvatar: Story = {
  name: "Enviando foto",
  args: { onUploadImage: fn(stalledUpload(42, 4 * 1024 * 1024)) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const file = new File(["x"], "eu.png", { type: "image/png" })
    await userEvent.upload(canvas.getByLabelText("Trocar foto", { selector: "input" }), file)
    await expect(args.onUploadImage).toHaveBeenCalledWith("avatar", file, anyUploadControl())
    const bar = await canvas.findByRole("progressbar", { name: "Enviando 42%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(canvas.getByText("eu.png")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Trocar foto" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Trocar capa" })).toBeDisabled()
  },
}

export const UploadAvatarCancelled: Story = {
  name: "Envio da foto cancelado",
  args: { onUploadImage: fn(stalledUpload(42, 4 * 1024 * 1024)) },
  play: async (context) => {
    const canvas = within(context.canvasElement)
    await UploadingAvatar.play!(context)
    await userEvent.click(canvas.getByRole("button", { name: "Cancelar" }))
    await expect(await canvas.findByRole("status")).toHaveTextContent("Envio cancelado")
    await expect(canvas.getByRole("button", { name: "Trocar foto" })).toBeEnabled()
    await expect(pageOf(context.canvasElement).queryByText("Foto atualizada")).toBeNull()
  },
}

export const UploadedBanner: Story = {
  name: "Capa atualizada",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const file = new File(["x"], "capa.jpg", { type: "image/jpeg" })
    await userEvent.upload(canvas.getByLabelText("Trocar capa", { selector: "input" }), file)
    await expect(args.onUploadImage).toHaveBeenCalledWith("banner", file, anyUploadControl())
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Capa atualizada",
    )
    await expect(canvas.getByRole("status")).toHaveTextContent("Envio concluído")
  },
}

export const UploadRefused: Story = {
  name: "Arquivo não é imagem",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const pdf = new File(["%PDF"], "capa.pdf", { type: "application/pdf" })
    await userEvent.upload(canvas.getByLabelText("Trocar capa", { selector: "input" }), pdf, {
      applyAccept: false,
    })
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Apenas imagens são permitidas.",
    )
    await expect(args.onUploadImage).not.toHaveBeenCalled()
  },
}
