import { useRef, useState } from 'react';
import { Avatar, Button, Card, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import type { Profile } from '@acpg/contracts/account';
import { removePhoto, savePhoto } from '../api/profile.ts';
import { PHOTO_TYPES, photoFileProblem, readAsDataUrl } from '../photo-file.ts';
import { messageOf, useSectionStyles } from './form-styles.ts';

/** The avatar with every stored width, so the browser picks the one its size and pixel density need. */
export function ProfileAvatar({ profile, size }: { profile: Profile; size: 32 | 48 | 72 | 96 | 128 }) {
  const image = profile.profile_img ? { src: profile.profile_img, srcSet: profile.profile_img_srcset ?? undefined, sizes: `${size}px`, alt: '' } : undefined;
  return <Avatar name={profile.full_name} image={image} size={size} color="colorful" />;
}

export function PhotoForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  const s = useSectionStyles();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'saving' | 'removing' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: 'saving' | 'removing', work: () => Promise<{ profile: Profile; message: string }>) => {
    setBusy(kind);
    setError(null);
    try {
      const { profile: saved, message } = await work();
      onSaved(saved, message);
    } catch (err) {
      setError(messageOf(err, 'The photo could not be saved. Try again.'));
    } finally {
      setBusy(null);
    }
  };

  const chosen = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file may be chosen again
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) return setError(problem);
    await run('saving', async () => savePhoto(await readAsDataUrl(file)));
  };

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Photo
      </Text>
      <div className={s.row}>
        <ProfileAvatar profile={profile} size={96} />
        <Text>JPEG, PNG or WebP, up to 5 MB. It is cropped to a square.</Text>
      </div>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        hidden
        aria-label="Photo file"
        data-testid="profile-photo-file"
        onChange={(e) => void chosen(e.target.files?.[0])}
      />
      <div className={s.row}>
        <Button appearance="primary" disabledFocusable={busy !== null} icon={busy === 'saving' ? <Spinner size="tiny" /> : undefined} onClick={() => input.current?.click()}>
          {busy === 'saving' ? 'Uploading…' : profile.profile_img ? 'Change photo' : 'Add photo'}
        </Button>
        {profile.profile_img && (
          <Button disabledFocusable={busy !== null} icon={busy === 'removing' ? <Spinner size="tiny" /> : undefined} onClick={() => void run('removing', removePhoto)}>
            {busy === 'removing' ? 'Removing…' : 'Remove photo'}
          </Button>
        )}
      </div>
    </Card>
  );
}
