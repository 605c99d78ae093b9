/**
 * Writes the demo magazine of class 14's Mathématiques, 'Fiche méthode : rédiger une
 * démonstration' (resources/demo-media/magazines/fiche-methode-demonstration.pdf): four A4 pages
 * drawn with pdf-lib, which the demo seed renders once to page images with pdftoppm
 * (docs/decisions/0044-magazine-pages.md). The output is the same bytes on every run.
 *
 *   node scripts/media/generate-demo-magazine.ts
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

const OUT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'resources',
  'demo-media',
  'magazines',
  'fiche-methode-demonstration.pdf'
)
const A4: [number, number] = [595.28, 841.89]
const BLUE = rgb(0.118, 0.435, 0.851)
const INK = rgb(0.13, 0.15, 0.2)
const PALE = rgb(0.91, 0.95, 1)
const FIXED_DATE = new Date('2025-09-01T08:00:00Z')

type Page = { title: string; intro: string; steps: Array<[string, string]>; box: [string, string] }

const PAGES: Page[] = [
  {
    title: '1. Lire l’énoncé',
    intro: 'Avant d’écrire, on sépare ce que l’on sait de ce que l’on veut montrer.',
    steps: [
      ['Les hypothèses', 'Souligner chaque donnée : nature des objets, égalités, appartenances.'],
      ['La conclusion', 'Recopier la phrase à démontrer, sans la reformuler.'],
      ['Une figure', 'Tracer une figure à main levée et y reporter les données.']
    ],
    box: ['À retenir', 'On ne démontre jamais sur une figure : elle guide, elle ne prouve pas.']
  },
  {
    title: '2. Chercher un chemin',
    intro: 'On relie les hypothèses à la conclusion par des propriétés du cours.',
    steps: [
      ['Partir de la fin', 'Quelle propriété donnerait directement la conclusion ?'],
      ['Vérifier ses conditions', 'Chaque condition doit venir d’une hypothèse ou d’une étape déjà prouvée.'],
      ['Faire la liste', 'Écrire les étapes dans l’ordre avant de rédiger.']
    ],
    box: ['Astuce', 'Une hypothèse non utilisée est souvent le signe d’une étape oubliée.']
  },
  {
    title: '3. Rédiger',
    intro: 'Chaque étape suit le même schéma : on sait que, or, donc.',
    steps: [
      ['On sait que', 'Rappeler les données utilisées à cette étape.'],
      ['Or', 'Citer la propriété du cours, avec ses conditions.'],
      ['Donc', 'Écrire la conclusion de l’étape, qui servira à la suivante.']
    ],
    box: [
      'Exemple',
      'ABCD a ses diagonales de même milieu, or un tel quadrilatère est un parallélogramme, donc ABCD est un parallélogramme.'
    ]
  },
  {
    title: '4. Se relire',
    intro: 'Une démonstration se relit comme un raisonnement, pas comme un texte.',
    steps: [
      ['Les liens', 'Chaque « donc » découle-t-il bien de ce qui précède ?'],
      ['Les notations', 'Les points, droites et angles sont-ils nommés comme dans l’énoncé ?'],
      ['La conclusion', 'La dernière phrase est-elle exactement celle de l’énoncé ?']
    ],
    box: ['Pour s’entraîner', 'Refaire la démonstration du cours sans la regarder, puis comparer.']
  }
]

/** Draws text wrapped to `width`; the y below the last line. */
function paragraph(page: PDFPage, text: string, x: number, y: number, width: number, font: PDFFont, size: number, color = INK): number {
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) > width && line) {
      page.drawText(line, { x, y, size, font, color })
      y -= size * 1.4
      line = word
    } else line = next
  }
  if (line) page.drawText(line, { x, y, size, font, color })
  return y - size * 1.4
}

const doc = await PDFDocument.create()
doc.setTitle('Fiche méthode : rédiger une démonstration')
doc.setAuthor('Darsi')
doc.setProducer('Darsi')
doc.setCreator('Darsi')
doc.setCreationDate(FIXED_DATE)
doc.setModificationDate(FIXED_DATE)
const regular = await doc.embedFont(StandardFonts.Helvetica)
const bold = await doc.embedFont(StandardFonts.HelveticaBold)

for (const [index, content] of PAGES.entries()) {
  const page = doc.addPage(A4)
  const [width, height] = A4
  page.drawRectangle({ x: 0, y: height - 110, width, height: 110, color: BLUE })
  page.drawText('Fiche méthode : rédiger une démonstration', { x: 48, y: height - 52, size: 20, font: bold, color: rgb(1, 1, 1) })
  page.drawText('Mathématiques · Méthodologie', { x: 48, y: height - 80, size: 12, font: regular, color: rgb(0.9, 0.94, 1) })
  page.drawText(content.title, { x: 48, y: height - 170, size: 28, font: bold, color: BLUE })
  let y = paragraph(page, content.intro, 48, height - 210, width - 96, regular, 14)
  y -= 16
  for (const [step, [name, text]] of content.steps.entries()) {
    page.drawCircle({ x: 62, y: y + 4, size: 14, color: BLUE })
    page.drawText(String(step + 1), { x: 58, y: y - 1, size: 14, font: bold, color: rgb(1, 1, 1) })
    page.drawText(name, { x: 88, y, size: 15, font: bold, color: INK })
    y = paragraph(page, text, 88, y - 22, width - 140, regular, 13) - 18
  }
  page.drawRectangle({ x: 48, y: y - 110, width: width - 96, height: 110, color: PALE, borderColor: BLUE, borderWidth: 1.5 })
  page.drawText(content.box[0], { x: 66, y: y - 30, size: 14, font: bold, color: BLUE })
  paragraph(page, content.box[1], 66, y - 54, width - 132, regular, 13)
  page.drawText(`${index + 1} / ${PAGES.length}`, { x: width / 2 - 12, y: 32, size: 11, font: regular, color: INK })
}

writeFileSync(OUT, await doc.save({ useObjectStreams: false }))
console.log(`Wrote ${OUT}`)
