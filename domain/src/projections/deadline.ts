/**
 * A call that neither answers nor fails counts as failed after `ms`. Seen with the MongoDB driver and FerretDB
 * killed on a loaded machine: a call sent on a connection the server had just closed never settled, not even by
 * the driver's own socket or operation timeouts, and whatever awaited it waited for ever.
 */
export const withinDeadline = <T>(call: Promise<T>, ms: number): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
};
