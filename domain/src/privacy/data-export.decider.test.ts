import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { dataExportDecider } from './data-export.decider';

const spec = DeciderSpecification.for(dataExportDecider);
const at = '2026-03-01T10:00:00.000Z';
const request = { type: 'RequestDataExport' as const, exportId: 'e1', userId: 'u1', othersBuilding: 0, at };

describe('asking for an archive of my data', () => {
  it('records the request', () =>
    spec
      .given([])
      .when(request)
      .then([{ type: 'DataExportRequested', data: { exportId: 'e1', userId: 'u1', requestedAt: at } }]));

  it('builds one archive at a time: refused while another is being built', () =>
    spec
      .given([])
      .when({ ...request, othersBuilding: 1 })
      .thenThrows({ code: 'EXPORT_IN_PROGRESS' }));

  it('changes nothing when the same request arrives twice', () =>
    spec
      .given([{ type: 'DataExportRequested', data: { exportId: 'e1', userId: 'u1', requestedAt: at } }])
      .when(request)
      .then([]));
});
