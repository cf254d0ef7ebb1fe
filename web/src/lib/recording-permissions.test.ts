import { describe, expect, it } from 'vitest';
import { permissionsFor } from './recording-permissions';

describe('what a page offers on a recording (the API decides; the page offers only what it allows)', () => {
  const anns = { ownerId: 'ann' };

  it('offers the uploader everything, in a workspace or not', () => {
    expect(permissionsFor(anns, 'ann', null)).toEqual({ mine: true, edits: true, asks: true });
    expect(permissionsFor(anns, 'ann', 'viewer')).toEqual({ mine: true, edits: true, asks: true });
  });

  it('lets a workspace’s members and up edit another’s recording and ask for its summary or translation, never delete, move or share it', () => {
    for (const role of ['owner', 'admin', 'member'] as const)
      expect(permissionsFor(anns, 'ben', role)).toEqual({ mine: false, edits: true, asks: true });
  });

  it('offers a viewer, and anyone while their role loads, only reading', () => {
    const reads = { mine: false, edits: false, asks: false };
    expect(permissionsFor(anns, 'cleo', 'viewer')).toEqual(reads);
    expect(permissionsFor(anns, 'cleo', undefined)).toEqual(reads);
    expect(permissionsFor(anns, undefined, null)).toEqual(reads);
  });
});
