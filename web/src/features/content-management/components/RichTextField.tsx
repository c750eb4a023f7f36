import { lazy, Suspense } from 'react';
import { Label, Spinner } from '@fluentui/react-components';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

// The editor (Tiptap, ProseMirror) is its own chunk, loaded when a management screen shows a rich text field.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** A `*_html` field: the rich text editor, with its label and a spinner while it loads. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div>
          <Label weight="semibold">{props.label}</Label>
          <Spinner size="tiny" labelPosition="after" label="Loading the editor…" />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
