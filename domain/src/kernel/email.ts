/**
 * An email address in the plain form people use (dot-separated atoms of letters, digits and `_ % + -`, then a host
 * name): quotes, angle brackets, commas and spaces are refused, since a mail library reads them as other
 * recipients. The same pattern as contracts/src/common/email.ts (the domain imports nothing outside itself).
 */
const EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
