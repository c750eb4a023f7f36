import { useRef, useState, type FormEvent } from 'react';
import { Body1, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Select, Subtitle1, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, SendRegular } from '@fluentui/react-icons';
import { CONTACT_MESSAGE_MAX, CONTACT_TOPIC_LABELS, CONTACT_TOPICS, ContactMessageBody } from '@acpg/contracts/contact-messages';
import { HumanCheck, type HumanCheckHandle } from '../../../components/HumanCheck.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { HttpError } from '../../../lib/http.ts';
import { CONTACT_CHALLENGE_PATH, sendContactMessage } from '../api/contact.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  done: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, ':focus': { outline: 'none' } },
  doneTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  doneIcon: { color: tokens.colorPaletteGreenForeground1, fontSize: '24px' },
  flush: { margin: 0 },
});

type FieldName = 'name' | 'email' | 'phone' | 'topic' | 'message' | 'captcha';
const FormFields = ContactMessageBody.omit({ captcha: true });
const EMPTY = { name: '', email: '', phone: '', topic: '', message: '' };

/** Field errors of a refusal (the server's `errors`, or zod's issues), by field. */
const byField = (errors: readonly { path: string | readonly PropertyKey[]; message: string }[]) => {
  const out: Partial<Record<FieldName, string>> = {};
  for (const e of errors) {
    const key = String(Array.isArray(e.path) ? e.path[0] : e.path) as FieldName;
    out[key] ??= e.message;
  }
  return out;
};

/**
 * The contact form: name, email, phone (optional), topic and message, with the human check sign-up uses. Sent, it
 * gives way to a confirmation (focused), which says where the copy went.
 */
export function ContactForm() {
  const s = useStyles();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const human = useRef<HumanCheckHandle>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setRefusal(null);
    const parsed = FormFields.safeParse({ ...values, phone: values.phone.trim() || undefined });
    if (!parsed.success) {
      setErrors(byField(parsed.error.issues.map((i) => ({ path: i.path, message: i.message }))));
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const captcha = await human.current?.payload();
      if (!captcha) {
        setErrors({ captcha: 'Complete the human check: tick "I\'m not a robot".' });
        focusFirstInvalid();
        return;
      }
      await sendContactMessage({ ...parsed.data, captcha });
      setSent({ name: parsed.data.name, email: parsed.data.email });
    } catch (err) {
      human.current?.reset();
      const body = err instanceof HttpError ? (err.body as { errors?: { path: string; message: string }[] } | null) : null;
      if (body?.errors?.length) {
        setErrors(byField(body.errors));
        focusFirstInvalid();
      } else setRefusal(err instanceof Error ? err.message : 'Your message could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <div className={s.done} role="status" tabIndex={-1} ref={(el) => el?.focus()}>
        <Subtitle1 as="h2" className={s.doneTitle}>
          <CheckmarkCircleRegular className={s.doneIcon} aria-hidden />
          Thank you, your message was sent
        </Subtitle1>
        <Body1 as="p" className={s.flush}>
          {`We sent a copy to ${sent.email}. We answer by email, usually within one business day.`}
        </Body1>
      </div>
    );

  return (
    <form ref={formRef} className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="contact-form-title">
      <Subtitle1 as="h2" id="contact-form-title" className={s.flush}>
        Send us a message
      </Subtitle1>
      <div className={s.row}>
        <Field label="Name" required validationMessage={errors.name}>
          <Input value={values.name} onChange={(_, d) => set('name')(d.value)} autoComplete="name" maxLength={120} />
        </Field>
        <Field label="Email" required validationMessage={errors.email}>
          <Input type="email" value={values.email} onChange={(_, d) => set('email')(d.value)} autoComplete="email" />
        </Field>
      </div>
      <div className={s.row}>
        <Field label="Phone (optional)" validationMessage={errors.phone} hint="If you would rather we call you back.">
          <Input type="tel" value={values.phone} onChange={(_, d) => set('phone')(d.value)} autoComplete="tel" maxLength={30} />
        </Field>
        <Field label="Topic" required validationMessage={errors.topic}>
          <Select value={values.topic} onChange={(_, d) => set('topic')(d.value)}>
            <option value="" disabled>
              Choose a topic
            </option>
            {CONTACT_TOPICS.map((t) => (
              <option key={t} value={t}>
                {CONTACT_TOPIC_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Message" required validationMessage={errors.message} hint={`${values.message.length.toLocaleString('en-US')} of ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`}>
        <Textarea value={values.message} onChange={(_, d) => set('message')(d.value)} rows={6} resize="vertical" maxLength={CONTACT_MESSAGE_MAX} />
      </Field>
      <Field validationMessage={errors.captcha}>
        <div data-invalid={errors.captcha ? 'true' : undefined} tabIndex={errors.captcha ? -1 : undefined}>
          <HumanCheck ref={human} challenge={CONTACT_CHALLENGE_PATH} />
        </div>
      </Field>
      {refusal && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Not sent</MessageBarTitle>
            {refusal}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={s.actions}>
        <SubmitButton busy={busy} icon={<SendRegular />}>
          Send message
        </SubmitButton>
      </div>
    </form>
  );
}
