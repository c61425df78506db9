import Foundation

/// Reading the agency's JSON: the area list and a forecast.
enum JMADecoding {
  /// Why a document could not be read.
  struct Malformed: Error, Equatable, CustomStringConvertible {
    var reason: String
    var description: String { "The agency's data could not be read: \(reason)." }
  }

  private struct AreaList: Decodable {
    struct Office: Decodable {
      var name: String
      var enName: String
      var officeName: String
    }
    var offices: [String: Office]
  }

  /// The offices of an area list (`area.json`), sorted by code.
  static func areas(from data: Data) throws -> [Area] {
    let list: AreaList
    do {
      list = try JSONDecoder().decode(AreaList.self, from: data)
    } catch {
      throw Malformed(reason: "no offices in the area list")
    }
    return list.offices
      .map {
        Area(
          code: $0.key, name: $0.value.name, enName: $0.value.enName,
          officeName: $0.value.officeName)
      }
      .sorted { $0.code < $1.code }
  }

  private struct Report: Decodable {
    struct TimeSeries: Decodable {
      struct AreaSeries: Decodable {
        struct Name: Decodable { var name: String }
        var area: Name
        var weathers: [String]?
        var winds: [String]?
        var waves: [String]?
      }
      var timeDefines: [String]
      var areas: [AreaSeries]
    }
    var publishingOffice: String
    var reportDatetime: String
    var timeSeries: [TimeSeries]
  }

  /// The short-range forecast of a forecast document: its first report's first time series,
  /// the one with the weather texts.
  static func forecast(from data: Data) throws -> Forecast {
    let reports: [Report]
    do {
      reports = try JSONDecoder().decode([Report].self, from: data)
    } catch {
      throw Malformed(reason: "not a forecast")
    }
    guard let report = reports.first, let series = report.timeSeries.first else {
      throw Malformed(reason: "an empty forecast")
    }
    let areas = series.areas.map { area in
      Forecast.Area(
        name: area.area.name,
        days: series.timeDefines.indices.compactMap { index in
          guard let weathers = area.weathers, weathers.indices.contains(index) else {
            return nil
          }
          return Forecast.Day(
            time: series.timeDefines[index], weather: weathers[index],
            wind: area.winds.flatMap { $0.indices.contains(index) ? $0[index] : nil },
            wave: area.waves.flatMap { $0.indices.contains(index) ? $0[index] : nil })
        })
    }
    return Forecast(
      publishingOffice: report.publishingOffice, reportDatetime: report.reportDatetime,
      areas: areas)
  }
}
