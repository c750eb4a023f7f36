import type { BlogContent, ContactContent, RichPageContent, SiteContent } from '@acpg/contracts/content-documents';
import { Group, PageMetaFields, TextField, useFormStyles, type FormProps } from './fields.tsx';
import { ImageField } from './ImageField.tsx';
import { RichTextField } from './RichTextField.tsx';

export const EMPTY_RICH_PAGE: RichPageContent = { title: '', description: '', heading: '', intro: '', body_html: '', image_id: null };
export const EMPTY_CONTACT: ContactContent = { title: '', description: '', heading: '', intro: '', phone: '', email: '', address: '', hours: '' };
export const EMPTY_SITE: SiteContent = { company_name: '', logo_image_id: null, footer_note: '' };
export const EMPTY_BLOG: BlogContent = { title: '', description: '', heading: '', excerpt: '', body_html: '', author: '', image_id: null };

/** About us and the legal pages: heading, intro, text, image. */
export function RichPageForm({ value, onChange, errors }: FormProps<RichPageContent>) {
  const s = useFormStyles();
  return (
    <div className={s.form}>
      <Group legend="Page">
        <TextField label="Heading" required maxLength={120} value={value.heading} error={errors.heading} onChange={(heading) => onChange({ ...value, heading })} />
        <TextField label="Introduction" multiline maxLength={600} value={value.intro} error={errors.intro} onChange={(intro) => onChange({ ...value, intro })} />
        <RichTextField label="Page text" value={value.body_html} error={errors.body_html} onChange={(body_html) => onChange({ ...value, body_html })} />
        <ImageField label="Page image" value={value.image_id} error={errors.image_id} onChange={(image_id) => onChange({ ...value, image_id })} />
      </Group>
      <PageMetaFields value={value} onChange={onChange} errors={errors} />
    </div>
  );
}

/** Contact us (also shown in every footer). */
export function ContactForm({ value, onChange, errors }: FormProps<ContactContent>) {
  const s = useFormStyles();
  const set = (next: Partial<ContactContent>) => onChange({ ...value, ...next });
  return (
    <div className={s.form}>
      <Group legend="Page">
        <TextField label="Heading" required maxLength={120} value={value.heading} error={errors.heading} onChange={(heading) => set({ heading })} />
        <TextField label="Introduction" multiline maxLength={600} value={value.intro} error={errors.intro} onChange={(intro) => set({ intro })} />
      </Group>
      <Group legend="Contact details (also in every footer)">
        <div className={s.row}>
          <TextField label="Phone" type="tel" required maxLength={30} value={value.phone} error={errors.phone} onChange={(phone) => set({ phone })} />
          <TextField label="Email" type="email" required value={value.email} error={errors.email} onChange={(email) => set({ email })} />
        </div>
        <TextField label="Address" multiline required maxLength={300} value={value.address} error={errors.address} onChange={(address) => set({ address })} />
        <TextField label="Opening hours" required maxLength={200} value={value.hours} error={errors.hours} onChange={(hours) => set({ hours })} />
      </Group>
      <PageMetaFields value={value} onChange={onChange} errors={errors} />
    </div>
  );
}

/** The site's name, logo and footer note. */
export function SiteForm({ value, onChange, errors }: FormProps<SiteContent>) {
  const s = useFormStyles();
  const set = (next: Partial<SiteContent>) => onChange({ ...value, ...next });
  return (
    <div className={s.form}>
      <Group legend="Site">
        <TextField label="Company name" required maxLength={80} value={value.company_name} error={errors.company_name} onChange={(company_name) => set({ company_name })} />
        <ImageField
          label="Logo"
          hint="Recommended 290 × 60 pixels (PNG or WebP with a transparent background). Without one, the bundled logo shows."
          previewWidth={384}
          value={value.logo_image_id}
          error={errors.logo_image_id}
          onChange={(logo_image_id) => set({ logo_image_id })}
        />
        <TextField label="Footer note" multiline maxLength={300} value={value.footer_note} error={errors.footer_note} onChange={(footer_note) => set({ footer_note })} />
      </Group>
    </div>
  );
}

/** A blog post. */
export function BlogForm({ value, onChange, errors }: FormProps<BlogContent>) {
  const s = useFormStyles();
  const set = (next: Partial<BlogContent>) => onChange({ ...value, ...next });
  return (
    <div className={s.form}>
      <Group legend="Post">
        <TextField label="Title" required maxLength={200} value={value.heading} error={errors.heading} onChange={(heading) => set({ heading })} />
        <TextField label="Author" required maxLength={120} value={value.author} error={errors.author} onChange={(author) => set({ author })} />
        <TextField label="Excerpt" required multiline maxLength={500} hint="Shown in the list of posts." value={value.excerpt} error={errors.excerpt} onChange={(excerpt) => set({ excerpt })} />
        <RichTextField label="Post" value={value.body_html} error={errors.body_html} onChange={(body_html) => set({ body_html })} />
        <ImageField label="Cover image" value={value.image_id} error={errors.image_id} onChange={(image_id) => set({ image_id })} />
      </Group>
      <PageMetaFields value={value} onChange={onChange} errors={errors} />
    </div>
  );
}
