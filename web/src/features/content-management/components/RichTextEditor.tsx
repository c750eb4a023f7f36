import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Button, Field, Input, Label, Text, Toolbar, ToolbarButton, ToolbarDivider, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowUndoRegular,
  ImageAddRegular,
  LinkRegular,
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextHeader2Regular,
  TextHeader3Regular,
  TextItalicRegular,
  TextNumberListLtrRegular,
  TextQuoteRegular,
} from '@fluentui/react-icons';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { imageUrl, uploadImage } from '../api/content-admin.ts';
import { messageOfError } from './errors.ts';
import { LINK_PATTERN } from '../content-rules.ts';

export interface RichTextEditorProps {
  label: string;
  /** HTML of a `*_html` field ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  frame: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { outlineWidth: tokens.strokeWidthThick, outlineStyle: 'solid', outlineColor: tokens.colorBrandStroke1 },
  },
  invalid: { border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}` },
  toolbar: { flexWrap: 'wrap', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  content: {
    minHeight: '160px',
    paddingInline: tokens.spacingHorizontalM,
    '& .ProseMirror': { minHeight: '140px', outline: 'none', overflowWrap: 'anywhere' },
    '& img': { maxWidth: '100%', height: 'auto' },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  hint: { color: tokens.colorNeutralForeground2 },
});

/** An empty document is '' (not `<p></p>`), so an untouched field is not an edit. */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The rich text editor of every `*_html` field: Tiptap (ProseMirror) with StarterKit (paragraphs, headings h2-h4,
 * lists, quotes, bold, italic, links) and images uploaded to the content store; a Fluent toolbar whose buttons each
 * have a name. The server sanitizes what it produces. Loaded on demand (RichTextField), so public pages never load it.
 */
export default function RichTextEditor({ label, value, onChange, error, hint }: RichTextEditorProps) {
  const s = useStyles();
  const labelId = useId();
  const messageId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'], HTMLAttributes: { target: null, rel: null } } }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error || hint ? { 'aria-describedby': messageId } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e)),
  });

  // A value from outside (a read, a restore) replaces the document; the editor's own edits come back equal.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(error || hint ? { 'aria-describedby': messageId } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, error, hint, labelId, messageId]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const chain = () => editor?.chain().focus();
  const toggle = (name: string, pressed: boolean | undefined, icon: React.JSX.Element, run: () => void) => (
    <ToolbarButton aria-label={name} aria-pressed={pressed} icon={icon} onClick={run} />
  );

  return (
    <div className={s.root}>
      <Label id={labelId} weight="semibold">
        {label}
      </Label>
      <div className={mergeClasses(s.frame, error ? s.invalid : undefined)}>
        <Toolbar aria-label={`${label} formatting`} className={s.toolbar} size="small">
          {toggle('Bold', active?.bold, <TextBoldRegular />, () => chain()?.toggleBold().run())}
          {toggle('Italic', active?.italic, <TextItalicRegular />, () => chain()?.toggleItalic().run())}
          {toggle('Heading', active?.h2, <TextHeader2Regular />, () => chain()?.toggleHeading({ level: 2 }).run())}
          {toggle('Subheading', active?.h3, <TextHeader3Regular />, () => chain()?.toggleHeading({ level: 3 }).run())}
          <ToolbarDivider />
          {toggle('Bulleted list', active?.bullets, <TextBulletListLtrRegular />, () => chain()?.toggleBulletList().run())}
          {toggle('Numbered list', active?.numbers, <TextNumberListLtrRegular />, () => chain()?.toggleOrderedList().run())}
          {toggle('Quote', active?.quote, <TextQuoteRegular />, () => chain()?.toggleBlockquote().run())}
          <ToolbarDivider />
          {toggle('Link', active?.link, <LinkRegular />, () => setLinkOpen(true))}
          <ToolbarButton aria-label="Insert image" icon={<ImageAddRegular />} onClick={() => setImageOpen(true)} />
          <ToolbarDivider />
          <ToolbarButton aria-label="Undo" icon={<ArrowUndoRegular />} disabledFocusable={!active?.canUndo} onClick={() => chain()?.undo().run()} />
          <ToolbarButton aria-label="Redo" icon={<ArrowRedoRegular />} disabledFocusable={!active?.canRedo} onClick={() => chain()?.redo().run()} />
        </Toolbar>
        <EditorContent editor={editor} className={s.content} />
      </div>
      {(error || hint) && (
        <Text id={messageId} size={200} className={error ? s.error : s.hint}>
          {error ?? hint}
        </Text>
      )}
      {linkOpen && (
        <LinkDialog
          current={(editor?.getAttributes('link').href as string | undefined) ?? ''}
          onDone={(href) => {
            setLinkOpen(false);
            if (href === null) return;
            if (href === '') chain()?.extendMarkRange('link').unsetLink().run();
            else chain()?.extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
      {imageOpen && (
        <ImageDialog
          onDone={(src, alt) => {
            setImageOpen(false);
            if (src) chain()?.setImage({ src, alt }).run();
          }}
        />
      )}
    </div>
  );
}

function LinkDialog({ current, onDone }: { current: string; onDone: (href: string | null) => void }) {
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const v = href.trim();
    if (v !== '' && !LINK_PATTERN.test(v)) return setError('Enter an address that starts with https://, mailto:, tel: or /');
    onDone(v);
  };
  return (
    <SimpleDialog
      title="Link"
      onDismiss={() => onDone(null)}
      actions={
        <>
          <Button appearance="primary" onClick={submit}>
            Apply
          </Button>
          <Button onClick={() => onDone(null)}>Cancel</Button>
        </>
      }
    >
      <Field label="Address" hint="Leave empty to remove the link." validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
        <Input value={href} onChange={(_, d) => setHref(d.value)} onKeyDown={(e) => e.key === 'Enter' && submit()} />
      </Field>
    </SimpleDialog>
  );
}

function ImageDialog({ onDone }: { onDone: (src: string | null, alt: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    if (!file) return setError('Choose a JPEG, PNG or WebP image');
    if (!alt.trim()) return setError('Describe the image for people who cannot see it');
    setBusy(true);
    try {
      const image = await uploadImage(file);
      const width = [...image.widths].filter((w) => w <= 1080).pop() ?? image.widths[0] ?? image.width;
      onDone(imageUrl(image.image_id, width), alt.trim());
    } catch (err) {
      setError(messageOfError(err));
      setBusy(false);
    }
  };
  return (
    <SimpleDialog
      title="Insert image"
      onDismiss={() => onDone(null, '')}
      actions={
        <>
          <Button appearance="primary" onClick={() => void insert()} disabledFocusable={busy}>
            {busy ? 'Uploading…' : 'Insert'}
          </Button>
          <Button onClick={() => onDone(null, '')}>Cancel</Button>
        </>
      }
    >
      <Field label="Image file" hint="JPEG, PNG or WebP, up to 5 MB." validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      <Field label="Description (alt text)" required>
        <Input value={alt} onChange={(_, d) => setAlt(d.value)} />
      </Field>
    </SimpleDialog>
  );
}
