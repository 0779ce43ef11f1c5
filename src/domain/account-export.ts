/** The name of the file "Exportar meus dados" saves, as the API's content-disposition names it. */
export const ACCOUNT_EXPORT_FILE_NAME = "meus-dados-closer.json"
