/**
 * What the lista VIP's form takes of react-hook-form, imported once the page has drawn. Named
 * here so the library's other parts are left out, as in the files of every other form.
 */
export { Controller, useForm } from "react-hook-form"
