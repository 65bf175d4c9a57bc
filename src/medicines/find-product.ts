/**
 * @module medicines/find-product
 * The product a tool was asked about, by SÚKL code in any form ("113",
 * "0000113"), or NOT_FOUND with the code as the registry writes it.
 */
import { catalogueError } from '../contracts/errors.js';
import type { Locale } from '../contracts/messages/index.js';
import { normalizeSuklCode } from './normalize.js';
import type { ProductRow } from './statements.js';
import type { MedicinesStore } from './store.js';

export function findProduct(store: MedicinesStore, input: string, locale: Locale): ProductRow {
  store.requireProducts(locale);
  const code = normalizeSuklCode(input);
  const product = store.statements.productByCode.get(code);
  if (!product) throw catalogueError('NOT_FOUND', { key: 'medicines.not_found', params: { code } }, locale, { sukl_code: code });
  return product;
}
