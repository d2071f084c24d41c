import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../lib/use-latest';

/** A voice note well under CONTRACT §6's 10 MB (Opus at ~32 kbit/s): recording stops by itself after 5 minutes. */
export const MAX_RECORDING_SECONDS = 300;

/** What browsers record that the server reads (webm and ogg Opus, mp4/m4a); the first supported one. */
const preferredTypes = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

export type RecorderProblem = 'denied' | 'noMicrophone' | 'unsupported' | 'failed';

export interface VoiceNote {
  blob: Blob;
  /** An object URL for playback. */
  url: string;
  /** The container type without codecs ("audio/webm"), sent as `mimeType`. */
  mimeType: string;
  seconds: number;
  /** A voice file chosen rather than recorded (a WhatsApp voice note saved from the phone). */
  fileName?: string;
}

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; seconds: number }
  | { status: 'recorded'; note: VoiceNote };

export interface VoiceRecorder {
  state: RecorderState;
  /** Asks for the microphone and records; `onProblem` hears why it could not. */
  start: () => Promise<void>;
  stop: () => void;
  /** Drops the recording (Record Again starts a new one). */
  reset: () => void;
  /** Takes a voice file instead of a recording (already checked: type and size). */
  takeFile: (file: File, mimeType: string) => void;
}

function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function problemOf(error: unknown): RecorderProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noMicrophone';
  return 'failed';
}

function pickType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * SPEC §4's voice states: idle, recording, recorded (playable, can re-record). Records with
 * MediaRecorder; the microphone is released as soon as recording stops or the dialog closes.
 */
export function useVoiceRecorder(onProblem: (problem: RecorderProblem) => void): VoiceRecorder {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const startedAt = useRef(0);
  const url = useRef<string | null>(null);
  const problem = useLatest(onProblem);

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const dropNote = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);

  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (!canRecord()) {
      problem.current('unsupported');
      return;
    }
    dropNote();
    setState({ status: 'starting' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState({ status: 'idle' });
      problem.current(problemOf(error));
      return;
    }
    stream.current = media;
    const type = pickType();
    let next: MediaRecorder;
    try {
      next = type ? new MediaRecorder(media, { mimeType: type }) : new MediaRecorder(media);
    } catch {
      release();
      setState({ status: 'idle' });
      problem.current('unsupported');
      return;
    }
    const chunks: Blob[] = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      release();
      recorder.current = null;
      const mimeType = (next.mimeType || type || 'audio/webm').split(';')[0]!.trim();
      const blob = new Blob(chunks, { type: mimeType });
      const seconds = Math.max(1, Math.round((Date.now() - startedAt.current) / 1000));
      if (blob.size === 0) {
        setState({ status: 'idle' });
        problem.current('failed');
        return;
      }
      url.current = URL.createObjectURL(blob);
      setState({ status: 'recorded', note: { blob, url: url.current, mimeType, seconds } });
    };
    recorder.current = next;
    startedAt.current = Date.now();
    next.start();
    setState({ status: 'recording', seconds: 0 });
  }, [dropNote, problem, release]);

  const reset = useCallback(() => {
    dropNote();
    setState({ status: 'idle' });
  }, [dropNote]);

  // The elapsed time while recording, and the cap.
  const recording = state.status === 'recording';
  useEffect(() => {
    if (!recording) return undefined;
    const timer = window.setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt.current) / 1000);
      if (seconds >= MAX_RECORDING_SECONDS) stop();
      setState((current) =>
        current.status === 'recording' && current.seconds !== seconds ? { status: 'recording', seconds } : current,
      );
    }, 250);
    return () => window.clearInterval(timer);
  }, [recording, stop]);

  // Closing the dialog stops the microphone and frees the recording.
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
      dropNote();
    },
    [dropNote, release],
  );

  const takeFile = useCallback(
    (file: File, mimeType: string) => {
      dropNote();
      // Typed as the audio it is: phones save WhatsApp's .opus notes with no MIME type.
      const blob = new Blob([file], { type: mimeType });
      url.current = URL.createObjectURL(blob);
      setState({ status: 'recorded', note: { blob, url: url.current, mimeType, seconds: 0, fileName: file.name } });
    },
    [dropNote],
  );

  return { state, start, stop, reset, takeFile };
}

/** 75 -> "1:15". */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
