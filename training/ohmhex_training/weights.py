"""The weights file, format version 1, extension .ohnn (docs/network.md, "Weights file")."""

import os
import struct
import zlib

import numpy as np
import torch

from .encoding import ENCODING_VERSION
from .model import LIVE_TAPS, HexNet

MAGIC = b"OHMHEXNN"
FORMAT_VERSION = 1
MAX_DESCRIPTION = 4096


class WeightsError(ValueError):
    """A weights file that is not a valid format-1 .ohnn file."""


def hex_taps(weight):
    """[out, in, 3, 3] -> [out, in, 7]: the seven live taps in the file's order."""
    return weight.reshape(weight.shape[0], weight.shape[1], 9)[:, :, list(LIVE_TAPS)]


def hex_kernel(taps):
    """[out, in, 7] -> [out, in, 3, 3] with the two dead taps zero."""
    kernel = torch.zeros(taps.shape[0], taps.shape[1], 9, dtype=taps.dtype)
    kernel[:, :, list(LIVE_TAPS)] = taps
    return kernel.reshape(taps.shape[0], taps.shape[1], 3, 3)


def export_tensors(model):
    """The file's tensors, in its order, as float32 CPU tensors (batch norm folded)."""
    tensors = []
    for layer in model.conv_layers():
        weight, bias = layer.folded()
        tensors += [hex_taps(weight), bias]
    tensors += [model.policy.weight.detach().flatten(1), model.policy.bias.detach(),
                model.value_conv.weight.detach().flatten(1), model.value_conv.bias.detach(),
                model.value_fc1.weight.detach(), model.value_fc1.bias.detach(),
                model.value_fc2.weight.detach(), model.value_fc2.bias.detach()]
    return [t.to(torch.float32).contiguous().cpu() for t in tensors]


def expected_shapes(c, b, v):
    shapes = [(c, 4, 7), (c,)]
    shapes += [(c, c, 7), (c,), (c, c, 7), (c,)] * b
    shapes += [(1, c), (1,), (v, c), (v,), (v, v), (v,), (1, v), (1,)]
    return shapes


def to_bytes(model, description):
    text = description.encode("utf-8")
    if len(text) > MAX_DESCRIPTION:
        raise ValueError(f"description of {len(text)} bytes; at most {MAX_DESCRIPTION}")
    out = bytearray(MAGIC)
    out += struct.pack("<6I", FORMAT_VERSION, ENCODING_VERSION, model.channels, model.blocks,
                       model.value_width, len(text))
    out += text
    for tensor in export_tensors(model):
        out += struct.pack("<I", tensor.dim())
        out += struct.pack(f"<{tensor.dim()}I", *tensor.shape)
        out += tensor.numpy().astype("<f4").tobytes()
    out += struct.pack("<I", zlib.crc32(out))
    return bytes(out)


def export(model, path, description):
    """Writes the model to path atomically (a .tmp file renamed into place)."""
    data = to_bytes(model, description)
    tmp = f"{path}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


class _Reader:
    def __init__(self, data):
        self.data, self.offset = data, 0

    def take(self, count, what):
        if self.offset + count > len(self.data):
            raise WeightsError(f"truncated: {what} runs past the end of the file")
        chunk = self.data[self.offset:self.offset + count]
        self.offset += count
        return chunk

    def u32(self, what):
        return struct.unpack("<I", self.take(4, what))[0]


def parse(data):
    """(C, B, V, description, tensors) of a format-1 file's bytes; WeightsError if invalid."""
    r = _Reader(data)
    if r.take(len(MAGIC), "the magic") != MAGIC:
        raise WeightsError("not an OhmHex network file (bad magic)")
    version = r.u32("the format version")
    if version != FORMAT_VERSION:
        raise WeightsError(f"format version {version}; this reader knows {FORMAT_VERSION}")
    encoding = r.u32("the encoding version")
    if encoding != ENCODING_VERSION:
        raise WeightsError(f"encoding version {encoding}; this reader knows {ENCODING_VERSION}")
    c, b, v = r.u32("C"), r.u32("B"), r.u32("V")
    if not (1 <= c <= 256 and b <= 64 and 1 <= v <= 256):
        raise WeightsError(f"C={c} B={b} V={v} outside C, V in 1..256, B in 0..64")
    length = r.u32("the description length")
    if length > MAX_DESCRIPTION:
        raise WeightsError(f"description length {length} above {MAX_DESCRIPTION}")
    description = r.take(length, "the description").decode("utf-8", errors="replace")
    tensors = []
    for number, shape in enumerate(expected_shapes(c, b, v)):
        rank = r.u32(f"tensor {number}'s rank")
        dims = tuple(r.u32(f"tensor {number}'s dimensions") for _ in range(rank))
        if dims != shape:
            raise WeightsError(f"tensor {number} has shape {list(dims)}; C={c} B={b} V={v} "
                               f"needs {list(shape)}")
        count = 1
        for d in dims:
            count *= d
        raw = r.take(4 * count, f"tensor {number}'s floats")
        values = torch.from_numpy(np.frombuffer(raw, dtype="<f4").astype(np.float32))
        tensors.append(values.reshape(dims))
    body_end = r.offset
    checksum = r.u32("the checksum")
    if checksum != zlib.crc32(data[:body_end]):
        raise WeightsError("checksum mismatch: the file is corrupt")
    if r.offset != len(data):
        raise WeightsError(f"{len(data) - r.offset} bytes after the checksum")
    return c, b, v, description, tensors


def read(path, batch_norm=False):
    """(model, description) from an .ohnn file; with batch_norm the model has (identity)
    batch-norm layers, to go on training with them."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        return parse_model(data, batch_norm)
    except WeightsError as error:
        raise WeightsError(f"{path}: {error}") from None


def parse_model(data, batch_norm=False):
    """(model in eval mode, description) from a format-1 file's bytes."""
    c, b, v, description, tensors = parse(data)
    model = HexNet(c, b, v, batch_norm=batch_norm)
    load_tensors(model, tensors)
    return model.eval(), description


def load_tensors(model, tensors):
    it = iter(tensors)
    for layer in model.conv_layers():
        layer.load_folded(hex_kernel(next(it)), next(it))
    with torch.no_grad():
        for param in (model.policy.weight, model.policy.bias, model.value_conv.weight,
                      model.value_conv.bias, model.value_fc1.weight, model.value_fc1.bias,
                      model.value_fc2.weight, model.value_fc2.bias):
            param.copy_(next(it).reshape(param.shape))
