/**
 * Lesson video files: the type is read from the bytes (WebM or MP4, what Chromium and Electron
 * both play), never from a name or a client's content type, and the duration from the
 * container itself (WebM's Segment Info, MP4's movie header), so an operator's upload needs no
 * ffprobe on the machine. Only the few bytes of the headers are read, wherever they sit in the
 * file.
 */
import { open } from 'node:fs/promises'

export type VideoType = { ext: 'webm' | 'mp4'; mime: 'video/webm' | 'video/mp4' }
export type VideoInfo = VideoType & { durationSeconds: number }

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>

const WEBM: VideoType = { ext: 'webm', mime: 'video/webm' }
const MP4: VideoType = { ext: 'mp4', mime: 'video/mp4' }

const EBML_HEADER = 0x1a45dfa3
const EBML_DOCTYPE = 0x4282
const SEGMENT = 0x18538067
const SEGMENT_INFO = 0x1549a966
const CLUSTER = 0x1f43b675
const TIMECODE_SCALE = 0x2ad7b1
const DURATION = 0x4489
/** Children of the Segment looked at before giving up on its Info (it comes first in practice). */
const MAX_ELEMENTS = 64

type ElementHeader = { id: number; dataStart: number; size: number | null }

/** An EBML variable-length integer at `at`: its length and value (the marker bit kept for ids). */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number; unknown: boolean } | null {
  const first = bytes[at]
  if (first === undefined || first === 0) return null
  const length = Math.clz32(first) - 23
  if (length > 8 || at + length > bytes.length) return null
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!
    value = value * 256 + byte
    if (byte !== 0xff) allOnes = false
  }
  return { length, value, unknown: !keepMarker && allOnes }
}

async function elementAt(read: ByteReader, offset: number): Promise<ElementHeader | null> {
  const bytes = await read(offset, 12)
  const id = vint(bytes, 0, true)
  if (!id || id.length > 4) return null
  const size = vint(bytes, id.length, false)
  if (!size) return null
  return { id: id.value, dataStart: offset + id.length + size.length, size: size.unknown ? null : size.value }
}

function readUint(bytes: Uint8Array): number {
  let value = 0
  for (const byte of bytes) value = value * 256 + byte
  return value
}

function readFloat(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length === 4) return view.getFloat32(0)
  if (bytes.length === 8) return view.getFloat64(0)
  return null
}

/** The DocType of the EBML header: only `webm` is taken (Matroska at large holds codecs Chromium does not play). */
async function webmDocType(read: ByteReader, header: ElementHeader): Promise<string | null> {
  if (header.size === null || header.size > 256) return null
  let at = header.dataStart
  const end = header.dataStart + header.size
  while (at < end) {
    const child = await elementAt(read, at)
    if (!child || child.size === null) return null
    if (child.id === EBML_DOCTYPE) return new TextDecoder().decode(await read(child.dataStart, Math.min(child.size, 32)))
    at = child.dataStart + child.size
  }
  return null
}

async function webmDuration(read: ByteReader, fileSize: number): Promise<number | null> {
  const header = await elementAt(read, 0)
  if (!header || header.id !== EBML_HEADER || header.size === null || (await webmDocType(read, header)) !== 'webm') return null
  const segment = await elementAt(read, header.dataStart + header.size)
  if (!segment || segment.id !== SEGMENT) return null
  const segmentEnd = segment.size === null ? fileSize : Math.min(fileSize, segment.dataStart + segment.size)
  let at = segment.dataStart
  for (let n = 0; n < MAX_ELEMENTS && at < segmentEnd; n++) {
    const child = await elementAt(read, at)
    if (!child || child.size === null || child.id === CLUSTER) return null
    if (child.id === SEGMENT_INFO) {
      if (child.size > 4096) return null
      const info = await read(child.dataStart, child.size)
      let scale = 1_000_000
      let duration: number | null = null
      let inner = 0
      while (inner < info.length) {
        const id = vint(info, inner, true)
        const size = id ? vint(info, inner + id.length, false) : null
        if (!id || !size || size.unknown) break
        const start = inner + id.length + size.length
        const data = info.subarray(start, start + size.value)
        if (id.value === TIMECODE_SCALE) scale = readUint(data)
        if (id.value === DURATION) duration = readFloat(data)
        inner = start + size.value
      }
      return duration !== null && Number.isFinite(duration) && duration > 0 && scale > 0 ? (duration * scale) / 1e9 : null
    }
    at = child.dataStart + child.size
  }
  return null
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes)

type Box = { type: string; start: number; dataStart: number; end: number }

async function boxAt(read: ByteReader, offset: number, limit: number): Promise<Box | null> {
  const bytes = await read(offset, 16)
  if (bytes.length < 8) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let size = view.getUint32(0)
  const type = ascii(bytes.subarray(4, 8))
  let dataStart = offset + 8
  if (size === 1) {
    if (bytes.length < 16) return null
    size = Number(view.getBigUint64(8))
    dataStart = offset + 16
  } else if (size === 0) {
    size = limit - offset
  }
  if (size < dataStart - offset || offset + size > limit) return null
  return { type, start: offset, dataStart, end: offset + size }
}

async function childBox(read: ByteReader, parent: { dataStart: number; end: number }, type: string): Promise<Box | null> {
  let at = parent.dataStart
  for (let n = 0; n < MAX_ELEMENTS && at < parent.end; n++) {
    const box = await boxAt(read, at, parent.end)
    if (!box) return null
    if (box.type === type) return box
    at = box.end
  }
  return null
}

async function mp4Duration(read: ByteReader, fileSize: number): Promise<number | null> {
  const ftyp = await boxAt(read, 0, fileSize)
  // QuickTime movies (`qt  `) hold codecs Chromium does not play.
  if (!ftyp || ftyp.type !== 'ftyp' || ascii(await read(ftyp.dataStart, 4)) === 'qt  ') return null
  const moov = await childBox(read, { dataStart: 0, end: fileSize }, 'moov')
  const mvhd = moov ? await childBox(read, moov, 'mvhd') : null
  if (!mvhd) return null
  const bytes = await read(mvhd.dataStart, 32)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 20) return null
  const version = bytes[0]
  const [timescale, duration] =
    version === 1 && bytes.length >= 32 ? [view.getUint32(20), Number(view.getBigUint64(24))] : [view.getUint32(12), view.getUint32(16)]
  return timescale > 0 && duration > 0 ? duration / timescale : null
}

/** The type of a video from its first bytes, or null when it is neither WebM nor MP4. */
export function detectVideoType(head: Uint8Array): VideoType | null {
  if (head.length >= 4 && readUint(head.subarray(0, 4)) === EBML_HEADER) return WEBM
  if (head.length >= 8 && ascii(head.subarray(4, 8)) === 'ftyp') return MP4
  return null
}

/** Type and duration of a video, or null when it is not a WebM or MP4 whose duration its container states. */
export async function readVideoInfo(read: ByteReader, fileSize: number): Promise<VideoInfo | null> {
  const type = detectVideoType(await read(0, 12))
  if (!type) return null
  const seconds = type === WEBM ? await webmDuration(read, fileSize) : await mp4Duration(read, fileSize)
  return seconds === null ? null : { ...type, durationSeconds: seconds }
}

/** `readVideoInfo` over a file on disk. */
export async function videoFileInfo(path: string): Promise<VideoInfo | null> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const read: ByteReader = async (offset, length) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)))
      if (buffer.length === 0) return new Uint8Array()
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead)
    }
    return await readVideoInfo(read, size)
  } finally {
    await handle.close()
  }
}

/** `readVideoInfo` over bytes in memory. */
export function bufferReader(bytes: Uint8Array): ByteReader {
  return async (offset, length) => bytes.subarray(Math.min(offset, bytes.length), Math.min(offset + length, bytes.length))
}

/** A lesson's length in whole seconds (what its progress is measured against): at least 1. */
export function wholeSeconds(durationSeconds: number): number {
  return Math.max(1, Math.round(durationSeconds))
}
