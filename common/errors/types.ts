/** One catalogue entry: HTTP status and the text in every locale. */
export type CatalogueEntry = { status: number; 'zh-CN': string; 'zh-TW': string; 'en-US': string };
