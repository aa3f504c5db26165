/** The short alert tone of the courier's offers and the dispatcher's alerts: one sound, made here, no audio file to load. */

let audio: AudioContext | null = null;

/**
 * Readies sound: call it from the tap that turns alerts on, which is what lets a browser
 * play audio later without one.
 */
export function unlockTone(): void {
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume();
}

/** Plays the tone, if sound was readied. */
export function playTone(): void {
  if (!audio) return;
  const context = audio;
  void context.resume().then(() => {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.6);
  });
}
