import struct

import pytest
import torch

from ohmhex_training import weights
from ohmhex_training.encoding import Position, encode
from ohmhex_training.model import HexNet, batch_tensors


def trained_looking_model(batch_norm=False):
    torch.manual_seed(5)
    model = HexNet(6, 2, 5, batch_norm=batch_norm)
    if batch_norm:  # statistics that are not the identity
        for layer in model.conv_layers():
            layer.norm.running_mean.uniform_(-1, 1)
            layer.norm.running_var.uniform_(0.5, 2)
    return model.eval()


def test_round_trip(tmp_path):
    model = trained_looking_model()
    path = tmp_path / "net.ohnn"
    weights.export(model, str(path), "run r1: 3 games")
    data = path.read_bytes()
    assert data[:8] == b"OHMHEXNN"
    assert struct.unpack("<6I", data[8:32]) == (1, 1, 6, 2, 5, len("run r1: 3 games"))
    back, description = weights.read(str(path))
    assert description == "run r1: 3 games"
    assert (back.channels, back.blocks, back.value_width) == (6, 2, 5)
    for a, b in zip(weights.export_tensors(model), weights.export_tensors(back)):
        assert torch.equal(a, b)
    assert weights.to_bytes(back, "run r1: 3 games") == data
    position = Position(4, 3, frozenset({0}), frozenset({5}), "b")
    planes, empty = batch_tensors([encode(position)])
    with torch.no_grad():
        assert torch.equal(model(planes, empty)[1], back(planes, empty)[1])


def test_round_trip_into_a_batch_norm_model_keeps_the_function(tmp_path):
    model = trained_looking_model(batch_norm=True)
    data = weights.to_bytes(model, "")
    back, _ = weights.parse_model(data, batch_norm=True)
    position = Position(5, 5, frozenset({3, 7}), frozenset({12}), "w")
    planes, empty = batch_tensors([encode(position)])
    with torch.no_grad():
        torch.testing.assert_close(model(planes, empty)[0], back(planes, empty)[0])


def test_every_flipped_byte_is_detected():
    data = weights.to_bytes(trained_looking_model(), "desc")
    for offset in range(0, len(data), 37):
        corrupt = bytearray(data)
        corrupt[offset] ^= 0x10
        with pytest.raises(weights.WeightsError):
            weights.parse(bytes(corrupt))


def test_flipped_float_byte_reports_the_checksum():
    data = bytearray(weights.to_bytes(trained_looking_model(), "desc"))
    data[200] ^= 1
    with pytest.raises(weights.WeightsError, match="checksum"):
        weights.parse(bytes(data))


def test_truncated_and_extended_files_rejected():
    data = weights.to_bytes(trained_looking_model(), "desc")
    for length in (0, 7, 20, 40, len(data) // 2, len(data) - 1):
        with pytest.raises(weights.WeightsError, match="truncated|magic"):
            weights.parse(data[:length])
    with pytest.raises(weights.WeightsError, match="after the checksum"):
        weights.parse(data + b"\0")


def test_wrong_shape_rejected():
    data = bytearray(weights.to_bytes(trained_looking_model(), ""))
    data[20:24] = struct.pack("<I", 1)  # claims B = 1; the file holds two blocks
    with pytest.raises(weights.WeightsError, match="shape"):
        weights.parse(bytes(data))


def test_description_limit():
    with pytest.raises(ValueError):
        weights.to_bytes(trained_looking_model(), "x" * 4097)
