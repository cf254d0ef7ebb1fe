import { contract } from '@scrivo/contracts';
import { clientFor } from './client-for';

export { ok } from './client-for';

/** The client for the whole API (code on the landing page's first download uses `clientFor` with its part). */
export const api = clientFor(contract);
