import { lazy, Suspense } from 'react';
import { Field, Textarea } from '@fluentui/react-components';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

// The editor (Tiptap, ProseMirror) is its own chunk, loaded when a management screen shows a rich text field.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** A `*_html` field: the rich text editor, with a read-only placeholder of the same size while it loads. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Field label={props.label}>
          <Textarea readOnly value="Loading the editor…" resize="vertical" />
        </Field>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
