/**
 * A short beep and a buzz when a code is read, where the device has them: the person holding the
 * phone is looking at the shelf, not at the screen.
 */
let audio: AudioContext | null = null;

export function signalRead(): void {
  navigator.vibrate?.(60);
  beep();
}

function beep(): void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    // One context for the page: browsers cap how many may exist. It starts suspended until a tap
    // (the Scan button) has happened, which is always the case here.
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 1760;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.12);
  } catch {
    // No sound is no failure: the screen shows the result anyway.
  }
}
