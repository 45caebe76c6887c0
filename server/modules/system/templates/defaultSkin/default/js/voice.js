/* 朗读 on article pages (docs/voice.md): a large 朗读全文 / 暂停朗读 button beside the player's own
   controls; both are real controls reached with Tab and worked with Enter or Space. No inline script (CSP). */
(function () {
  'use strict';
  var audio = document.getElementById('article-voice');
  var button = document.querySelector('.voice-toggle');
  if (!audio || !button) return;
  function label() {
    var playing = !audio.paused && !audio.ended;
    button.textContent = playing ? '暂停朗读' : audio.currentTime > 0 && !audio.ended ? '继续朗读' : '朗读全文';
    button.setAttribute('aria-pressed', playing ? 'true' : 'false');
  }
  button.hidden = false;
  button.addEventListener('click', function () {
    if (audio.paused || audio.ended) {
      var started = audio.play();
      if (started && started.catch) started.catch(function () { button.textContent = '无法播放，请使用下方播放器'; });
    } else audio.pause();
  });
  ['play', 'pause', 'ended'].forEach(function (e) { audio.addEventListener(e, label); });
  label();
})();
