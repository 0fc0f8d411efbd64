/**
 * The Typst layout of every CV template (src/cv/render.ts passes the CV as JSON in sys.inputs).
 * Kept as a string module so the bundled service (dist/) carries it without a file beside it.
 */
export const CV_LAYOUT = String.raw`// The CV layout for every template (src/cv/render.ts passes the CV as JSON in sys.inputs).
// Strings from the document are only ever inserted as text, never evaluated as markup.
#let cv = json(bytes(sys.inputs.cv))
#let tpl = sys.inputs.template
#let targets = json(bytes(sys.inputs.targets))
#let target(u) = targets.at(u, default: u)
#let doc = cv.document
#let get(d, k, default: none) = if type(d) == dictionary and k in d and d.at(k) != none { d.at(k) } else { default }
#let nonempty(xs) = xs.filter(x => x != none and x != "")

#let families = ("libertinus-serif": "Libertinus Serif", "tinos": "Tinos", "liberation-sans": "Liberation Sans", "carlito": "Carlito")
#let looks = (
  "classic-ats": (font: "libertinus-serif", accent: black, size: 10.5, mono: false, center: false),
  "centered": (font: "tinos", accent: rgb("#333333"), size: 10.5, mono: false, center: true),
  "modern-sans": (font: "liberation-sans", accent: rgb("#1f5fa8"), size: 10, mono: false, center: false),
  "timeline": (font: "carlito", accent: rgb("#0f766e"), size: 10.5, mono: false, center: false),
  "compact": (font: "carlito", accent: rgb("#222222"), size: 9, mono: false, center: false),
  "mono-tech": (font: "liberation-sans", accent: rgb("#b45309"), size: 9.5, mono: true, center: false),
  "sidebar": (font: "liberation-sans", accent: rgb("#374151"), size: 10, mono: false, center: false),
  "portrait": (font: "carlito", accent: rgb("#7c3aed"), size: 10, mono: false, center: false),
  "headshot": (font: "tinos", accent: rgb("#be123c"), size: 10.5, mono: false, center: false),
)
#let look = looks.at(tpl, default: looks.at("classic-ats"))
#let st = get(doc, "style", default: (:))
#let main-font = families.at(get(st, "font_family", default: look.font))
#let gap = if tpl == "compact" { 0.35em } else { 0.6em }

#let hd = get(doc, "header", default: (:))
#let name = get(hd, "full_name", default: cv.title)
#set document(title: cv.title, author: name)
#set page(paper: "a4", margin: (top: doc.margins.top * 1in, right: doc.margins.right * 1in, bottom: doc.margins.bottom * 1in, left: doc.margins.left * 1in))
#set text(font: (main-font, "Libertinus Serif", "WenQuanYi Micro Hei", "DejaVu Sans"), size: get(st, "font_size", default: look.size) * 1pt, lang: "en")
#set par(leading: get(st, "line_height", default: 0.55) * 1em, spacing: gap)

#let heading-font = if look.mono { "DejaVu Sans Mono" } else { main-font }
#let section-title(t) = {
  v(gap)
  let label = text(font: (heading-font, "DejaVu Sans"), weight: "bold", fill: look.accent, size: 1.15em, upper(t))
  if look.center { align(center, label) } else { label }
  v(-0.5em)
  line(length: 100%, stroke: 0.5pt + look.accent)
}
#let period(e) = {
  let s = get(e, "start", default: "")
  let en = if get(e, "current", default: false) { "Present" } else { get(e, "end", default: "") }
  if s != "" and en != "" [#s – #en] else if s != "" [#s] else [#en]
}
#let link-of(l) = if type(l) == str { link(target(l), l.replace(regex("^https?://|^mailto:"), "")) } else { link(target(l.url), get(l, "label", default: l.url)) }
#let bullets(xs) = if xs.len() > 0 { list(..xs.map(b => [#b])) }
#let tags(xs) = if look.mono { xs.map(x => box(inset: (x: 3pt, y: 1pt), stroke: 0.4pt + look.accent, radius: 2pt, text(font: "DejaVu Sans Mono", size: 0.85em, x))).join(h(3pt)) } else { xs.join(", ") }

#let contact = nonempty((get(hd, "email"), get(hd, "phone"), get(hd, "location")))
#let links = get(hd, "links", default: ())
#let contact-line = {
  let parts = contact.map(c => if c == get(hd, "email") { link("mailto:" + c, c) } else { [#c] }) + links.map(link-of)
  parts.join([ #sym.dot.c ])
}
#let initials = name.split(" ").filter(w => w.len() > 0).map(w => w.clusters().at(0)).slice(0, calc.min(2, name.split(" ").filter(w => w.len() > 0).len())).join()
// The owner's photo when they uploaded one (render.ts maps its bytes to this path), else their initials.
#let photo-path = sys.inputs.at("photo", default: none)
#let photo(size) = if photo-path != none {
  box(width: size, height: size, radius: size / 2, clip: true, stroke: 1pt + look.accent, image(photo-path, width: size, height: size, fit: "cover"))
} else {
  circle(radius: size / 2, fill: look.accent.lighten(80%), stroke: 1pt + look.accent, align(center + horizon, text(size: size / 3, fill: look.accent, initials)))
}

#let headline = get(hd, "headline")
#let headline-line = if headline != none { text(size: 1.15em, fill: look.accent.lighten(20%), headline) }
#let header-block = {
  let title = text(size: 2em, weight: "bold", fill: look.accent, name)
  let lines = if headline != none [#title \ #headline-line \ #contact-line] else [#title \ #contact-line]
  if tpl == "headshot" {
    grid(columns: (auto, 1fr), column-gutter: 12pt, align: horizon, photo(56pt), lines)
  } else if look.center {
    align(center, lines)
  } else { lines }
}

#let summary-part = if get(doc, "summary") != none { section-title("Summary"); par(doc.summary) }
#let experience-part = if get(doc, "experience", default: ()).len() > 0 {
  section-title("Experience")
  for e in doc.experience {
    let what = nonempty((get(e, "role"), get(e, "company")))
    let head = [*#what.join(" — ")*#if get(e, "location") != none [, #e.location]]
    let body = [#if get(e, "summary") != none { par(e.summary) }#bullets(get(e, "bullets", default: ()))#if get(e, "stack", default: ()).len() > 0 [_Stack:_ #tags(e.stack)]]
    if tpl == "timeline" {
      grid(columns: (22%, 1fr), column-gutter: 10pt, text(fill: look.accent, period(e)), [#head \ #body])
    } else {
      block(breakable: true)[#head #h(1fr) #text(style: "italic", period(e)) \ #body]
    }
  }
}
#let education-part = if get(doc, "education", default: ()).len() > 0 {
  section-title("Education")
  for e in doc.education [*#get(e, "institution", default: "")* #nonempty((get(e, "degree"), get(e, "field"))).join(", ") #h(1fr) #period(e) \ ]
}
#let skills-part = if get(doc, "skills", default: ()).len() > 0 {
  section-title("Skills")
  for g in doc.skills [#if get(g, "group") != none [*#g.group:* ]#tags(get(g, "items", default: ())) \ ]
}
#let languages-part = if get(doc, "languages", default: ()).len() > 0 {
  section-title("Languages")
  doc.languages.map(l => nonempty((get(l, "name"), get(l, "level"))).join(" — ")).join(", ")
}
#let projects-part = if get(doc, "projects", default: ()).len() > 0 {
  section-title("Projects")
  for p in doc.projects [*#get(p, "name", default: "")*#if get(p, "link") != none [ #sym.dot.c #link(target(p.link), p.link.replace(regex("^https?://"), ""))] #bullets(get(p, "bullets", default: ()))]
}
#let certifications-part = if get(doc, "certifications", default: ()).len() > 0 {
  section-title("Certifications")
  for c in doc.certifications [#nonempty((get(c, "name"), get(c, "issuer"), if get(c, "year") != none { str(c.year) })).join(", ") \ ]
}

#if tpl == "sidebar" or tpl == "portrait" {
  grid(
    columns: (31%, 1fr),
    column-gutter: 14pt,
    block(fill: look.accent.lighten(90%), inset: 8pt, width: 100%)[
      #if tpl == "portrait" { align(center, photo(80pt)) }
      #text(size: 1.6em, weight: "bold", fill: look.accent, name) \
      #if headline != none { headline-line; linebreak() }
      #contact.map(c => if c == get(hd, "email") { link("mailto:" + c, c) } else [#c]).join(linebreak()) \ #links.map(link-of).join(linebreak())
      #skills-part
      #languages-part
    ],
    [#summary-part #experience-part #education-part #projects-part #certifications-part],
  )
} else [
  #header-block
  #summary-part
  #experience-part
  #education-part
  #skills-part
  #languages-part
  #projects-part
  #certifications-part
]
`
