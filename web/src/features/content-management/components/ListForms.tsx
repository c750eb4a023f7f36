import { Field, Select } from '@fluentui/react-components';
import { SERVICE_KINDS, type FaqContent, type ServiceKind, type ServicesContent } from '@acpg/contracts/content-documents';
import { fieldState } from '../../../lib/field-state.ts';
import { Group, PageMetaFields, TextField, useFormStyles, type FormProps } from './fields.tsx';
import { ImageField } from './ImageField.tsx';
import { ReorderableList } from './ReorderableList.tsx';
import { RichTextField } from './RichTextField.tsx';

/** A new item's id, stable across reorders (`faq-k3x9q2`). */
export const newItemId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

const KIND_LABELS: Record<ServiceKind, string> = {
  membership: 'Membership',
  'equity-protect': 'Equity Protect',
  'nhd-report': 'NHD report',
  reimbursement: 'Property reimbursement',
};

export const EMPTY_SERVICES: ServicesContent = { title: '', description: '', heading: '', intro: '', items: [] };
export const EMPTY_FAQ: FaqContent = { title: '', description: '', heading: '', items: [] };

/** The services page: heading, intro, the service cards in order. */
export function ServicesForm({ value, onChange, errors }: FormProps<ServicesContent>) {
  const s = useFormStyles();
  return (
    <div className={s.form}>
      <Group legend="Page">
        <TextField label="Heading" required maxLength={120} value={value.heading} error={errors.heading} onChange={(heading) => onChange({ ...value, heading })} />
        <TextField label="Introduction" multiline maxLength={600} value={value.intro} error={errors.intro} onChange={(intro) => onChange({ ...value, intro })} />
      </Group>
      <Group legend="Services">
        <ReorderableList
          label="Services"
          noun="service"
          min={1}
          max={12}
          items={value.items}
          error={errors.items}
          onChange={(items) => onChange({ ...value, items })}
          titleOf={(x) => x.name}
          keyOf={(x) => x.id}
          make={(): ServicesContent['items'][number] => ({ id: newItemId('service'), kind: 'membership', name: '', summary: '', body_html: '', cta_label: '', image_id: null })}
          renderItem={(x, i, update) => (
            <>
              <div className={s.row}>
                <TextField label="Name" required maxLength={80} value={x.name} error={errors[`items.${i}.name`]} onChange={(name) => update({ ...x, name })} />
                <Field label="What it sells" hint="Its price comes from the plans and report types." {...fieldState(errors[`items.${i}.kind`])}>
                  <Select value={x.kind} onChange={(_, d) => update({ ...x, kind: d.value as ServiceKind })}>
                    {SERVICE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KIND_LABELS[k]}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <TextField label="Summary" required maxLength={300} value={x.summary} error={errors[`items.${i}.summary`]} onChange={(summary) => update({ ...x, summary })} />
              <RichTextField label="Description" value={x.body_html} error={errors[`items.${i}.body_html`]} onChange={(body_html) => update({ ...x, body_html })} />
              <TextField label="Button text" required maxLength={40} value={x.cta_label} error={errors[`items.${i}.cta_label`]} onChange={(cta_label) => update({ ...x, cta_label })} />
              <ImageField label="Service image" value={x.image_id} error={errors[`items.${i}.image_id`]} onChange={(image_id) => update({ ...x, image_id })} />
            </>
          )}
        />
      </Group>
      <PageMetaFields value={value} onChange={onChange} errors={errors} />
    </div>
  );
}

/** The FAQ: heading, the questions in order. */
export function FaqForm({ value, onChange, errors }: FormProps<FaqContent>) {
  const s = useFormStyles();
  return (
    <div className={s.form}>
      <Group legend="Page">
        <TextField label="Heading" required maxLength={120} value={value.heading} error={errors.heading} onChange={(heading) => onChange({ ...value, heading })} />
      </Group>
      <Group legend="Questions">
        <ReorderableList
          label="Questions"
          noun="question"
          max={200}
          items={value.items}
          error={errors.items}
          onChange={(items) => onChange({ ...value, items })}
          titleOf={(x) => x.question}
          keyOf={(x) => x.id}
          make={() => ({ id: newItemId('faq'), question: '', answer_html: '' })}
          renderItem={(x, i, update) => (
            <>
              <TextField label="Question" required maxLength={300} value={x.question} error={errors[`items.${i}.question`]} onChange={(question) => update({ ...x, question })} />
              <RichTextField label="Answer" value={x.answer_html} error={errors[`items.${i}.answer_html`]} onChange={(answer_html) => update({ ...x, answer_html })} />
            </>
          )}
        />
      </Group>
      <PageMetaFields value={value} onChange={onChange} errors={errors} />
    </div>
  );
}
