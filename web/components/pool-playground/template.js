// The playground's shadow DOM, written once; pool-playground.js fills it in. Every control is a
// native input with a visible label, grouped in fieldsets whose legends are PyTorch's names.

const pair = (param, legend, { min, hint = '' } = {}) => `
  <fieldset class="pair" data-param="${param}">
    <legend><code>${legend}</code>${hint}</legend>
    <label><span class="sr-only">${legend} </span>height
      <input type="number" step="1" ${min === undefined ? '' : `min="${min}"`} data-side="0" aria-describedby="error"></label>
    <label><span class="sr-only">${legend} </span>width
      <input type="number" step="1" ${min === undefined ? '' : `min="${min}"`} data-side="1" aria-describedby="error"></label>
  </fieldset>`;

export const TEMPLATE = `
<div class="playground">
  <p class="note" role="status" aria-label="Link note" part="note"></p>
  <p class="sr-only" role="status" aria-label="Result summary" id="summary"></p>

  <div class="examples" role="group" aria-labelledby="examples-title">
    <h3 id="examples-title">Worked examples</h3>
    <p class="hint">Each one sets every knob the way a reference page or tutorial did. PyTorch's
      numbers are shown next to the core's, and where a source got it wrong, this says so.</p>
    <ul class="example-list"></ul>
  </div>

  <form class="controls" part="controls" novalidate>
    <h3>Settings</h3>
    <fieldset class="op">
      <legend>Operation</legend>
      <label><input type="radio" name="op" value="avg"> Average <code>nn.AvgPool2d</code></label>
      <label><input type="radio" name="op" value="max"> Max <code>nn.MaxPool2d</code></label>
    </fieldset>
    <fieldset class="input-size" data-param="input">
      <legend>Input grid</legend>
      <label><span class="sr-only">Input </span>height
        <input type="number" name="height" min="1" max="16" step="1"></label>
      <label><span class="sr-only">Input </span>width
        <input type="number" name="width" min="1" max="16" step="1"></label>
      <div class="fills" role="group" aria-labelledby="fills-title">
        <span class="fills-title" id="fills-title">Fill with</span>
        <button type="button" data-fill="lesson">0 to 15 (4 × 4)</button>
        <button type="button" data-fill="sixteen">1 to 16 (4 × 4)</button>
        <button type="button" data-fill="nine">1 to 9 (3 × 3)</button>
        <button type="button" data-fill="twenty-five">1 to 25 (5 × 5)</button>
        <button type="button" data-fill="random">Random numbers</button>
      </div>
    </fieldset>
    ${pair('kernelSize', 'kernel_size', { min: 1 })}
    ${pair('stride', 'stride', { min: 1 })}
    ${pair('padding', 'padding', { min: 0 })}
    ${pair('dilation', 'dilation', { min: 1, hint: ' <span class="only">max only</span>' })}
    <fieldset class="flags">
      <legend>Options</legend>
      <label><input type="checkbox" name="ceilMode" aria-describedby="error"> <code>ceil_mode</code></label>
      <label class="avg-only"><input type="checkbox" name="countIncludePad" aria-describedby="error">
        <code>count_include_pad</code> <span class="only">average only</span></label>
      <label class="avg-only"><code>divisor_override</code> <span class="only">average only, empty for None</span>
        <input type="number" name="divisorOverride" step="1" placeholder="None" aria-describedby="error"></label>
    </fieldset>
    <p class="share-hint">Every setting is in the page's address, so a copied link shows this same view.
      <button type="button" class="reset">Reset to the lesson's settings</button></p>
  </form>

  <div class="formula" part="formula">
    <h3>Output size</h3>
    <dl>
      <div class="side" data-side="height"><dt>height</dt><dd><code class="symbolic"></code>
        <span class="substituted"></span><span class="dropped"></span></dd></div>
      <div class="side" data-side="width"><dt>width</dt><dd><code class="symbolic"></code>
        <span class="substituted"></span><span class="dropped"></span></dd></div>
    </dl>
  </div>

  <p class="alert" role="alert" id="error" part="error"></p>

  <div class="comparison" role="group" aria-labelledby="comparison-title" part="comparison" hidden>
    <h3 class="comparison-title" id="comparison-title"></h3>
    <p class="says"></p>
    <p class="pytorch"></p>
    <p class="comparison-note"></p>
    <p class="verdict"></p>
  </div>

  <div class="loading" role="status" aria-label="Core status">Loading the pooling core…</div>

  <div class="forward" hidden>
    <h3>Forward</h3>
    <p class="hint forward-hint"></p>
    <div class="stage">
      <figure class="panel">
        <figcaption class="caption" id="input-caption"></figcaption>
        <div class="scroller input-holder"></div>
      </figure>
      <figure class="panel result-panel">
        <figcaption class="caption" id="output-caption"></figcaption>
        <div class="scroller output-holder"></div>
      </figure>
    </div>
    <p class="legend" id="extra-legend" hidden>Outputs drawn with a dashed border come from windows that
      only ceil_mode adds: they hang over the end of the input.</p>
    <p class="detail" role="status" aria-label="Selected window" part="detail"></p>
  </div>

  <div class="backward result-panel" hidden>
    <h3>Backward</h3>
    <p class="hint backward-hint"></p>
    <div class="stage">
      <figure class="panel">
        <figcaption class="caption" id="grad-output-caption"></figcaption>
        <div class="scroller grad-output-holder"></div>
        <button type="button" class="ones">Set all to 1</button>
      </figure>
      <figure class="panel">
        <figcaption class="caption" id="grad-input-caption"></figcaption>
        <div class="scroller grad-input-holder"></div>
      </figure>
    </div>
    <p class="backward-detail" part="backward-detail"></p>
  </div>

  <div class="picture" part="picture">
    <h3>Pool a picture</h3>
    <p class="hint">The core pools a photo with the settings above, one colour channel at a time:
      the picture is a 3 × H × W tensor of red, green and blue. A picture of your own is read on this
      device and never uploaded.</p>
    <div class="picture-actions">
      <button type="button" class="bundled">Pool the photo of a cat</button>
      <label class="file-label">Choose a picture of your own
        <input type="file" accept="image/*" class="file"></label>
    </div>
    <progress class="progress" aria-label="Pooling progress" hidden></progress>
    <p class="picture-status" role="status" aria-label="Picture status"></p>
    <div class="figures" hidden>
      <figure class="canvas-panel">
        <canvas class="original" role="img"></canvas>
        <figcaption class="original-caption"></figcaption>
      </figure>
      <figure class="canvas-panel">
        <canvas class="pooled" role="img" hidden></canvas>
        <figcaption class="pooled-caption"></figcaption>
      </figure>
    </div>
    <p class="credit">The photo is Chelsea the cat, by Stéfan van der Walt, shared under CC0 with
      scikit-image's sample images.</p>
  </div>
</div>
`;
