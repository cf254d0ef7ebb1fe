import type { Moment } from '@scrivo/contracts';

/** What the stream's owner and staff saw at this step: a chat's conversation, a recording's progress. */
export function MomentPanel({ moment }: { moment: Moment }) {
  if (moment.kind === 'recording')
    return (
      <dl aria-label="Recording at this step" className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd data-testid="recording-status">{moment.status}</dd>
        <dt className="text-slate-500">Transcript version</dt>
        <dd data-testid="transcript-version">{moment.transcriptVersion}</dd>
        <dt className="text-slate-500">Minutes</dt>
        <dd data-testid="recording-minutes">{moment.minutes ?? '-'}</dd>
        <dt className="text-slate-500">Progress</dt>
        <dd>{Math.round(moment.progress * 100)}%</dd>
        <dt className="text-slate-500">In the bin</dt>
        <dd>{moment.deleted ? 'yes' : 'no'}</dd>
      </dl>
    );
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <section aria-label="As the visitor saw it" className="rounded-lg border border-slate-200 p-2">
        <h4 className="mb-1 text-xs font-semibold uppercase text-slate-500">Visitor saw ({moment.status})</h4>
        {moment.visitor.length === 0 && <p className="text-xs text-slate-400">No messages yet.</p>}
        {moment.visitor.map((line, i) => (
          <p
            key={i}
            className={`my-1 rounded px-2 py-1 text-sm ${line.role === 'user' ? 'bg-brand-50' : 'bg-slate-100'}`}
          >
            <span className="mr-1 text-xs text-slate-500">{line.role}:</span>
            {line.content}
          </p>
        ))}
      </section>
      <section aria-label="As the admin saw it" className="rounded-lg border border-slate-200 p-2">
        <h4 className="mb-1 text-xs font-semibold uppercase text-slate-500">Admin queue saw</h4>
        {moment.admin.lines.map((line, i) => (
          <p key={i} className="my-1 text-sm">
            <span className="mr-1 text-xs text-slate-500">{line.role}:</span>
            {line.content}
            {line.confidenceScore !== null && (
              <span className="ml-1 text-xs text-slate-500">
                (confidence {line.confidenceScore.toFixed(2)})
              </span>
            )}
            {line.needsHumanReview && <span className="ml-1 text-xs text-amber-700">needs review</span>}
          </p>
        ))}
        {moment.admin.escalations.map((e) => (
          <p key={e} className="text-xs text-amber-700">
            escalated {e}
          </p>
        ))}
        {moment.admin.rating !== null && <p className="text-xs">Rated {moment.admin.rating}/5</p>}
        {moment.admin.contactEmail && <p className="text-xs">Contact: {moment.admin.contactEmail}</p>}
      </section>
    </div>
  );
}
