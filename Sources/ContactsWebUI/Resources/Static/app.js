// The search box above a contact checklist: typing hides the rows whose name does not contain the text.
// Checked boxes stay checked while hidden, so a search never loses a choice. Enter in the box does not
// submit the surrounding answer.
"use strict";
document.querySelectorAll("input[data-filter]").forEach(function (input) {
  var list = document.getElementById(input.getAttribute("data-filter"));
  if (!list) { return; }
  input.addEventListener("input", function () {
    var query = input.value.trim().toLocaleLowerCase();
    // Only the list's own rows: a contact's nested properties (the property picker) go with their contact.
    list.querySelectorAll(":scope > li").forEach(function (row) {
      row.hidden = query !== "" && row.textContent.toLocaleLowerCase().indexOf(query) === -1;
    });
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") { event.preventDefault(); }
  });
});
