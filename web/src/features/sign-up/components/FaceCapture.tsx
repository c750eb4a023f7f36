import { useEffect, useRef, useState } from 'react';
import { Button, Image, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CameraRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { MAX_IMAGE_BYTES } from '@acpg/contracts/uploads';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  frame: {
    width: '100%',
    maxWidth: '360px',
    aspectRatio: '4 / 3',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  media: { width: '100%', height: '100%', objectFit: 'cover' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hidden: { display: 'none' },
});

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The photo kept from the camera: wide enough to recognise a face, small enough to send quickly. */
const PHOTO_WIDTH = 640;

type Camera = 'off' | 'starting' | 'live' | 'unavailable';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The face photo: the camera (getUserMedia) when the device has one and the user allows it, else (or instead) an
 * uploaded photo. Hands a data: URL up; the server checks the content (type by magic bytes, 5 MB at most).
 */
export function FaceCapture({ value, onChange, disabled }: { value: string | null; onChange: (dataUrl: string | null) => void; disabled?: boolean }) {
  const s = useStyles();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<Camera>('off');
  const [problem, setProblem] = useState<string | null>(null);
  // The stream is live before its first frame arrives: Take photo waits for a frame, not for a second try.
  const [ready, setReady] = useState(false);

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  };
  useEffect(() => stop, []);

  const start = async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera('unavailable');
      setProblem('This browser cannot use a camera here. Upload a photo instead.');
      return;
    }
    setCamera('starting');
    setReady(false);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false });
      stream.current = media;
      onChange(null);
      setCamera('live');
    } catch (error) {
      setCamera('unavailable');
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      setProblem(denied ? 'The camera is blocked for this site. Allow it in the browser, or upload a photo instead.' : 'No camera could be started. Upload a photo instead.');
    }
  };

  // The <video> exists once the camera is live: attach the stream then.
  useEffect(() => {
    if (camera === 'live' && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [camera]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) {
      setProblem('The camera is not ready yet. Try again in a moment.');
      return;
    }
    const canvas = document.createElement('canvas');
    const scale = Math.min(1, PHOTO_WIDTH / v.videoWidth);
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    onChange(canvas.toDataURL('image/jpeg', 0.85));
    stop();
    setCamera('off');
  };

  const upload = async (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return;
    if (!IMAGE_TYPES.includes(chosen.type)) return setProblem('Choose a JPEG, PNG or WebP photo.');
    if (chosen.size > MAX_IMAGE_BYTES) return setProblem('The photo is larger than 5 MB. Choose a smaller one.');
    stop();
    setCamera('off');
    onChange(await readAsDataUrl(chosen).catch(() => null));
  };

  return (
    <div className={s.root}>
      <div className={s.frame}>
        {camera === 'live' ? (
          <video ref={video} className={s.media} muted playsInline aria-label="Camera preview" onLoadedData={() => setReady(true)} />
        ) : value ? (
          <Image src={value} alt="Your face photo" className={s.media} />
        ) : (
          <Text>{camera === 'starting' ? 'Starting the camera…' : 'No photo yet'}</Text>
        )}
      </div>
      {problem && (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {problem}
        </Text>
      )}
      {/* One button, relabelled (Use camera → Starting… → Take photo → Retake), focusable while it waits: focus stays on it. */}
      <div className={s.row}>
        {camera === 'live' ? (
          <Button appearance="primary" icon={ready ? <CameraRegular /> : <Spinner size="tiny" />} onClick={capture} disabled={disabled} disabledFocusable={!disabled && !ready}>
            {ready ? 'Take photo' : 'Starting the camera…'}
          </Button>
        ) : (
          <Button icon={<CameraRegular />} onClick={() => void start()} disabled={disabled} disabledFocusable={!disabled && camera === 'starting'}>
            {value ? 'Retake with camera' : 'Use camera'}
          </Button>
        )}
        <Button icon={<ArrowUploadRegular />} onClick={() => file.current?.click()} disabled={disabled}>
          Upload a photo
        </Button>
        <input
          ref={file}
          className={s.hidden}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-label="Face photo file"
          tabIndex={-1}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
