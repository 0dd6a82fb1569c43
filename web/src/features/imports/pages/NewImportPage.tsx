import { LockOutlined } from '@ant-design/icons';
import type { ImportMapping, ImportMode, ImportUpload } from '../../../api/imports';
import { Result } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/hooks';
import { useWorkspaceAccess } from '../../workspace/access';
import { ImportHeader } from '../components/ImportHeader';
import { ImportSteps } from '../components/ImportSteps';
import { MappingStep } from '../components/MappingStep';
import { PreviewStep } from '../components/PreviewStep';
import { UploadStep } from '../components/UploadStep';
import { readDraft, writeDraft, type ImportDraft } from '../draft';
import { useCommitImport } from '../hooks';
import { initialMapping } from '../mapping';

type WizardStep = 'upload' | 'map' | 'preview';

/**
 * Upload, map and preview. The step is in the address (?step=map) and the work so far in the
 * tab's session storage, so the back button and a reload keep the user where they were.
 */
function ImportWizard({ workspaceId }: { workspaceId: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() => readDraft(workspaceId));
  const commit = useCommitImport();

  const requested = params.get('step');
  const step: WizardStep = draft && (requested === 'map' || requested === 'preview') ? requested : 'upload';
  const goTo = (next: WizardStep) => setParams(next === 'upload' ? {} : { step: next });
  const save = (next: ImportDraft | null) => {
    writeDraft(next);
    setDraft(next);
  };

  const uploaded = (upload: ImportUpload) => {
    save({ workspaceId, upload, mapping: initialMapping(upload), mode: 'create' });
    goTo('map');
  };
  const mapped = (mapping: ImportMapping, mode: ImportMode) => {
    save({ ...draft!, mapping, mode });
    goTo('preview');
  };
  const startImport = (id: string) =>
    commit.mutate(id, {
      onSuccess: (view) => {
        save(null);
        navigate(`/imports/${encodeURIComponent(view.id)}`, { replace: true });
      },
    });

  return (
    <>
      <ImportSteps current={step === 'upload' ? 'Upload' : step === 'map' ? 'Map columns' : 'Preview'} />
      {step === 'upload' || !draft ? (
        <UploadStep onUploaded={uploaded} />
      ) : step === 'map' ? (
        <MappingStep upload={draft.upload} mapping={draft.mapping} mode={draft.mode} onBack={() => goTo('upload')} onNext={mapped} />
      ) : (
        <PreviewStep
          draft={draft}
          importing={commit.isPending}
          onBack={() => goTo('map')}
          onStartOver={() => {
            save(null);
            goTo('upload');
          }}
          onImport={() => startImport(draft.upload.id)}
        />
      )}
    </>
  );
}

/** /imports/new: the bulk import wizard, for those who may change the workspace's items. */
export function NewImportPage() {
  const { canWrite } = useWorkspaceAccess();
  const workspaceId = useAuth().user?.workspace?.id;
  return (
    <>
      <ImportHeader description="Add or update many items at once from a CSV or Excel file" />
      {!canWrite || !workspaceId ? (
        <Result icon={<LockOutlined />} title="Access Denied" subTitle="Viewers cannot import items into this workspace." />
      ) : (
        // A workspace switch starts the wizard over, from that workspace's own draft.
        <ImportWizard key={workspaceId} workspaceId={workspaceId} />
      )}
    </>
  );
}
