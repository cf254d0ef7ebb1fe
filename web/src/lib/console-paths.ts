/**
 * The operators' consoles (admin and auditor): staff at work there, not visitors, so what is meant for the public
 * site (the cookie banner) stays out of them.
 */
export const isConsolePath = (pathname: string): boolean => /^\/(admin|audit)(\/|$)/.test(pathname);
