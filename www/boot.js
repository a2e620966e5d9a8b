// Runs before the first paint. index.html shows the study's opening run,
// drawn at build time, until the page starts. A link with parameters opens
// another run or one embedded figure, so the drawing would show the wrong
// thing: such a page shows only its loading line.
if (location.search.length > 1) document.documentElement.classList.add('boot-plain');
