/**
 * Writes the Arabic demo magazine of class 14's Arabe, 'مجلة المطالعة: كيف أحلّل نصًّا'
 * (resources/demo-media/magazines/majalla-tahlil-nass.pdf): three A4 pages drawn with pdf-lib in
 * DejaVu Sans (its Arabic letters joined by fontkit), laid out from the right. The demo seed renders
 * them once to page images with pdftoppm and the reader shows them right to left
 * (docs/decisions/0044-magazine-pages.md). The output is the same bytes on every run with the same
 * font file (Debian's fonts-dejavu-core).
 *
 *   node scripts/media/generate-demo-magazine-ar.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'demo-media', 'magazines', 'majalla-tahlil-nass.pdf')
const FONTS = '/usr/share/fonts/truetype/dejavu'
const A4: [number, number] = [595.28, 841.89]
const MARGIN = 48
const BROWN = rgb(0.427, 0.298, 0.255)
const INK = rgb(0.13, 0.15, 0.2)
const PALE = rgb(0.97, 0.94, 0.9)
const FIXED_DATE = new Date('2025-09-01T08:00:00Z')
const TITLE = 'مجلة المطالعة: كيف أحلّل نصًّا'
const ARABIC_DIGITS = ['٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩']

type Page = { title: string; intro: string; steps: Array<[string, string]>; box: [string, string] }

const PAGES: Page[] = [
  {
    title: 'أوّلًا: قراءة النصّ',
    intro: 'قبل التحليل نقرأ النصّ قراءتين: الأولى لفهم معناه العامّ، والثانية لتحديد أفكاره.',
    steps: [
      ['السياق', 'من كتب النصّ، ومتى، ولماذا؟ نستعين بالإحالة أسفل النصّ.'],
      ['الموضوع', 'نلخّص موضوع النصّ في جملة واحدة واضحة.'],
      ['الكلمات الصعبة', 'نشرح الكلمات الغامضة من خلال سياقها في الجملة.']
    ],
    box: ['تذكّر', 'القراءة الجيّدة نصف التحليل: لا تبدأ الكتابة قبل أن تفهم النصّ كاملًا.']
  },
  {
    title: 'ثانيًا: تقسيم النصّ',
    intro: 'نقسّم النصّ إلى وحدات، لكلّ وحدة فكرة رئيسيّة واحدة.',
    steps: [
      ['المعيار', 'نعتمد معيارًا واضحًا للتقسيم: الزمان أو المكان أو تطوّر الأحداث.'],
      ['الحدود', 'نحدّد بداية كلّ وحدة ونهايتها بدقّة.'],
      ['العنوان', 'نضع لكلّ وحدة عنوانًا قصيرًا يعبّر عن فكرتها.']
    ],
    box: ['نصيحة', 'إذا تغيّر المتكلّم أو تغيّر الزمن في النصّ، فغالبًا ما تبدأ وحدة جديدة.']
  },
  {
    title: 'ثالثًا: التحليل والتقييم',
    intro: 'نبيّن كيف عبّر الكاتب عن أفكاره، ثمّ نبدي رأينا فيها.',
    steps: [
      ['الأساليب', 'نستخرج الأساليب البلاغيّة ونبيّن وظيفتها في النصّ.'],
      ['الحجج', 'نرصد الحجج والأمثلة التي اعتمدها الكاتب لإقناع القارئ.'],
      ['الرأي', 'نبدي رأيًا شخصيًّا معلّلًا، موافقًا أو مخالفًا.']
    ],
    box: ['للتدرّب', 'حلّل نصًّا من كتاب القراءة بهذه الخطوات، ثمّ قارن عملك بعمل زميلك.']
  }
]

/** Arabic-Indic digits, as an Arabic page numbers itself. */
function arabicNumber(value: number): string {
  return String(value)
    .split('')
    .map((digit) => ARABIC_DIGITS[Number(digit)]!)
    .join('')
}

/** Draws a line of Arabic ending at the right edge `right`. */
function rightAligned(page: PDFPage, text: string, right: number, y: number, font: PDFFont, size: number, color = INK): void {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font, color })
}

/** Draws Arabic text wrapped to `width`, each line aligned on `right`; the y below the last line. */
function paragraph(page: PDFPage, text: string, right: number, y: number, width: number, font: PDFFont, size: number): number {
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) > width && line) {
      rightAligned(page, line, right, y, font, size)
      y -= size * 1.6
      line = word
    } else line = next
  }
  if (line) rightAligned(page, line, right, y, font, size)
  return y - size * 1.6
}

const doc = await PDFDocument.create()
doc.registerFontkit(fontkit)
doc.setTitle(TITLE)
doc.setLanguage('ar')
doc.setAuthor('Darsi')
doc.setProducer('Darsi')
doc.setCreator('Darsi')
doc.setCreationDate(FIXED_DATE)
doc.setModificationDate(FIXED_DATE)
const regular = await doc.embedFont(readFileSync(join(FONTS, 'DejaVuSans.ttf')), { subset: true })
const bold = await doc.embedFont(readFileSync(join(FONTS, 'DejaVuSans-Bold.ttf')), { subset: true })

for (const [index, content] of PAGES.entries()) {
  const page = doc.addPage(A4)
  const [width, height] = A4
  const right = width - MARGIN
  page.drawRectangle({ x: 0, y: height - 110, width, height: 110, color: BROWN })
  rightAligned(page, TITLE, right, height - 52, bold, 20, rgb(1, 1, 1))
  rightAligned(page, 'العربيّة · منهجيّة', right, height - 82, regular, 12, rgb(0.98, 0.94, 0.9))
  rightAligned(page, content.title, right, height - 170, bold, 26, BROWN)
  let y = paragraph(page, content.intro, right, height - 212, width - 2 * MARGIN, regular, 14)
  y -= 16
  for (const [step, [name, text]] of content.steps.entries()) {
    page.drawCircle({ x: right - 14, y: y + 4, size: 14, color: BROWN })
    const number = arabicNumber(step + 1)
    page.drawText(number, { x: right - 14 - bold.widthOfTextAtSize(number, 14) / 2, y: y - 1, size: 14, font: bold, color: rgb(1, 1, 1) })
    rightAligned(page, name, right - 40, y, bold, 15)
    y = paragraph(page, text, right - 40, y - 24, width - 2 * MARGIN - 40, regular, 13) - 18
  }
  page.drawRectangle({ x: MARGIN, y: y - 110, width: width - 2 * MARGIN, height: 110, color: PALE, borderColor: BROWN, borderWidth: 1.5 })
  rightAligned(page, content.box[0], right - 18, y - 30, bold, 14, BROWN)
  paragraph(page, content.box[1], right - 18, y - 56, width - 2 * MARGIN - 36, regular, 13)
  const folio = `${arabicNumber(index + 1)} / ${arabicNumber(PAGES.length)}`
  page.drawText(folio, { x: width / 2 - regular.widthOfTextAtSize(folio, 11) / 2, y: 32, size: 11, font: regular, color: INK })
}

writeFileSync(OUT, await doc.save({ useObjectStreams: false }))
console.log(`Wrote ${OUT}`)
