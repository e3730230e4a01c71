// Keep the reader on the same rule when switching language: carry the #anchor along.
document.addEventListener("click", function (event) {
  var link = event.target.closest(".sabai-languages a");
  if (link && window.location.hash) {
    event.preventDefault();
    window.location.href = link.getAttribute("href") + window.location.hash;
  }
});
