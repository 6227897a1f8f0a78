"""Speech (layer 2): the phrases the app can say, rendered to MP3 files by eSpeak NG.

- `kidswar.sound.phrases`: the closed set of phrase keys and their text in each language.
- `kidswar.sound.worker`: `SpeechRenderer`, one worker process that renders text to MP3 files;
  `kidswar.sound.child` is the worker's side, `kidswar.sound.voices` picks its voices.
- `kidswar.sound.breaker`: after failures in a row the renderer rests, then tries again.
- `kidswar.sound.cache`: `SpeechCache`, the rendered clips on disk, each rendered once;
  `kidswar.sound.background` renders them for the web on a thread of its own, so that a
  request waits for a clip only briefly. `kidswar.sound.errors`: what can go wrong.
- `kidswar.sound.espeak`: the real engine (pyttsx3 over the eSpeak NG bundled by
  espeakng-loader), imported only inside the worker process.
"""
