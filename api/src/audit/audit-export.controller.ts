import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { StreamExportQuery } from '@scrivo/contracts';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import type { AuthenticatedAuditor } from '../common/auth/authenticated';
import { AuditorGuard, CurrentAuditor } from '../common/auth/guards';
import { AuditTrail } from './audit-trail';
import { historyReport, toJsonLine } from './history-report';
import { StreamReader } from './stream-reader';

const fileName = (streamId: string, extension: string) =>
  `${streamId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120)}.${extension}`;

/** Downloads are files, not JSON: the route is in the contract, the bytes are written here. */
@Controller()
@UseGuards(AuditorGuard)
export class AuditExportController {
  constructor(
    private readonly reader: StreamReader,
    private readonly trail: AuditTrail,
  ) {}

  @Get('api/audit/export')
  async export(
    @CurrentAuditor() auditor: AuthenticatedAuditor,
    @Query() raw: Record<string, string>,
    @Res() res: Response,
  ) {
    const parsed = StreamExportQuery.safeParse(raw);
    if (!parsed.success)
      throw new ApiError(400, 'VALIDATION_FAILED', 'streamId is required and format must be jsonl or pdf.');
    const { streamId, format } = parsed.data;
    await this.trail.record(auditor, format === 'jsonl' ? 'export-jsonl' : 'export-pdf', streamId);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName(streamId, format)}"`);
    if (format === 'pdf') {
      const pdf = await historyReport(
        streamId,
        this.reader.all(streamId),
        auditor.email,
        new Date().toISOString(),
      );
      res.setHeader('Content-Type', 'application/pdf');
      res.status(200).send(pdf);
      return;
    }
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.status(200);
    for await (const event of this.reader.all(streamId)) res.write(toJsonLine(event));
    res.end();
  }
}
