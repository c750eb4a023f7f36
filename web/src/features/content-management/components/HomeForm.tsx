import type { HomeContent } from '@acpg/contracts/content-documents';
import { Group, PageMetaFields, TextField, useFormStyles, type FormProps } from './fields.tsx';
import { ImageField } from './ImageField.tsx';
import { ReorderableList } from './ReorderableList.tsx';
import { RichTextField } from './RichTextField.tsx';

export const EMPTY_HOME: HomeContent = {
  title: '',
  description: '',
  hero: { heading: '', subheading: '', cta_label: '', cta_path: '/subscription-plan', image_id: null },
  trust: [],
  sections: [],
};

/** The home page: hero, trust signals, sections. */
export function HomeForm({ value, onChange, errors }: FormProps<HomeContent>) {
  const s = useFormStyles();
  const hero = value.hero;
  const setHero = (next: Partial<HomeContent['hero']>) => onChange({ ...value, hero: { ...hero, ...next } });
  return (
    <div className={s.form}>
      <Group legend="Hero">
        <TextField label="Headline" required maxLength={120} value={hero.heading} error={errors['hero.heading']} onChange={(heading) => setHero({ heading })} />
        <TextField label="Subheading" multiline maxLength={300} value={hero.subheading} error={errors['hero.subheading']} onChange={(subheading) => setHero({ subheading })} />
        <div className={s.row}>
          <TextField label="Button text" required maxLength={40} value={hero.cta_label} error={errors['hero.cta_label']} onChange={(cta_label) => setHero({ cta_label })} />
          <TextField
            label="Button leads to"
            required
            hint="A path in this site, such as /subscription-plan"
            value={hero.cta_path}
            error={errors['hero.cta_path']}
            onChange={(cta_path) => setHero({ cta_path })}
          />
        </div>
        <ImageField label="Hero image" value={hero.image_id} error={errors['hero.image_id']} onChange={(image_id) => setHero({ image_id })} />
      </Group>
      <Group legend="Trust signals">
        <ReorderableList
          label="Trust signals"
          noun="trust signal"
          max={6}
          items={value.trust}
          error={errors.trust}
          onChange={(trust) => onChange({ ...value, trust })}
          titleOf={(t) => t.label}
          make={() => ({ label: '', detail: '' })}
          renderItem={(t, i, update) => (
            <div className={s.row}>
              <TextField label="Label" required maxLength={60} value={t.label} error={errors[`trust.${i}.label`]} onChange={(label) => update({ ...t, label })} />
              <TextField label="Detail" maxLength={200} value={t.detail} error={errors[`trust.${i}.detail`]} onChange={(detail) => update({ ...t, detail })} />
            </div>
          )}
        />
      </Group>
      <Group legend="Sections">
        <ReorderableList
          label="Sections"
          noun="section"
          max={12}
          items={value.sections}
          error={errors.sections}
          onChange={(sections) => onChange({ ...value, sections })}
          titleOf={(x) => x.heading}
          make={() => ({ heading: '', body_html: '' })}
          renderItem={(x, i, update) => (
            <>
              <TextField label="Section heading" required maxLength={120} value={x.heading} error={errors[`sections.${i}.heading`]} onChange={(heading) => update({ ...x, heading })} />
              <RichTextField label="Section text" value={x.body_html} error={errors[`sections.${i}.body_html`]} onChange={(body_html) => update({ ...x, body_html })} />
            </>
          )}
        />
      </Group>
      <PageMetaFields value={value} onChange={onChange} errors={errors} />
    </div>
  );
}
