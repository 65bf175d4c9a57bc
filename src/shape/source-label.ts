/**
 * @module shape/source-label
 * How a text reply names a file that did not come from a served folder:
 * content posted over the API (uploaded files, conversation messages) lives
 * in repositories whose names start with ":" (`:uploads`, `:conversations`;
 * no folder's name can), and every text a model reads lists it as
 * `:uploads: src/app.js`, never as a bare path that could pass for the
 * served folder's own `src/app.js`.
 */

/** Whether a repository holds content posted over the API rather than a folder's files. */
export function isPostedContent(repository: string | null | undefined): repository is string {
  return typeof repository === 'string' && repository.startsWith(':');
}

/** The file as a text reply lists it: its path, after its repository when the content was posted over the API. */
export function sourceLabel(file: string, repository: string | null | undefined): string {
  return isPostedContent(repository) ? `${repository}: ${file}` : file;
}
