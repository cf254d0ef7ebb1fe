import type { WorkspaceDetail } from '@scrivo/contracts';
import { useId } from 'react';
import { GlossaryEditor } from '../../components/glossary/glossary-editor';
import { useSaveWorkspaceGlossary, useWorkspaceGlossary } from './api/glossary';
import { changesShared } from './roles';

/**
 * The workspace's glossary: names and terms every recording uploaded here is transcribed with, before the
 * uploader's own. Members and up edit it; viewers read it.
 */
export function GlossarySection({ workspace }: { workspace: WorkspaceDetail }) {
  const id = useId();
  const glossary = useWorkspaceGlossary(workspace.id);
  const save = useSaveWorkspaceGlossary(workspace.id);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Glossary
      </h2>
      <p>
        Names and terms that every recording uploaded into this workspace should spell the team’s way, whoever
        uploads it; they come before the uploader’s own vocabulary.
      </p>
      <GlossaryEditor
        saved={glossary.data?.terms}
        label="The workspace’s terms"
        saveLabel="Save glossary"
        readOnly={!changesShared(workspace.role)}
        saving={save.isPending}
        justSaved={save.isSuccess}
        errors={[save.error, glossary.error]}
        onSave={(terms) => save.mutate(terms)}
      />
    </section>
  );
}
