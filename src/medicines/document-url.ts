/**
 * @module medicines/document-url
 * Where SÚKL publishes a PIL/SPC file. The default is the public download
 * address of sukl.cz's medicines database (`download.php?file=...&type=...`);
 * QUARRY_SUKL_DOCS_URL replaces it with any template using {file} and {type}.
 */

export const DEFAULT_DOCS_URL = 'https://www.sukl.cz/modules/medication/download.php?file={file}&type={type}';

export function documentUrl(file: string, type: 'pil' | 'spc', env: NodeJS.ProcessEnv = process.env): string {
  const template = env.QUARRY_SUKL_DOCS_URL || DEFAULT_DOCS_URL;
  return template.replace('{file}', encodeURIComponent(file)).replace('{type}', type);
}
