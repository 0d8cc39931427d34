import { useState } from 'react';
import type { DraftFile } from '../draft';
import { UploadField } from '../UploadField';

/** A file the organiser asks for (a student ID, a consent form): uploaded with tus, its upload id is the answer. */
export function FieldFileInput({
  id,
  value,
  onChange,
  onRemove,
}: {
  id: string;
  value?: string;
  onChange?: (v: string | undefined) => void;
  onRemove?: () => void;
}) {
  const [file, setFile] = useState<DraftFile | undefined>(value ? { id: value, name: '', url: null, meta: {} } : undefined);
  return (
    <UploadField
      purpose="fieldFile"
      empowerMaxBytes={0}
      file={file?.id === value ? file : value ? { id: value, name: '', url: null, meta: {} } : undefined}
      inputId={id}
      testId={id}
      onUploaded={(f) => {
        setFile(f);
        onChange?.(f?.id);
      }}
      onRemove={
        onRemove &&
        (() => {
          setFile(undefined);
          onChange?.(undefined);
          onRemove();
        })
      }
    />
  );
}
