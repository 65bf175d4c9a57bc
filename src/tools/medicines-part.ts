/**
 * @module tools/medicines-part
 * The SÚKL medicines database of a door (ROOT/.quarry/medicines.db), opened
 * by the first medicines tool called and closed with the door; missing means
 * not imported. Kept out of tools/context, so a door that never calls a
 * medicines tool never loads the medicines code.
 */
import { MedicinesStore, defaultMedicinesPath } from '../medicines/store.js';
import type { ToolContext } from './context.js';

const openMedicines = (ctx: ToolContext) => MedicinesStore.open(defaultMedicinesPath(ctx.root), { root: ctx.root, locale: ctx.medicinesLocale() });

export function medicinesStore(ctx: ToolContext): MedicinesStore {
  return ctx.part(openMedicines, (store) => store.close());
}
